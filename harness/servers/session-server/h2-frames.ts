import http2 from 'node:http2'

const { constants } = http2

/** The HTTP/2 error codes the faults use, by name (RFC 9113 §7). */
export const h2Codes = {
  NO_ERROR: constants.NGHTTP2_NO_ERROR,
  INTERNAL_ERROR: constants.NGHTTP2_INTERNAL_ERROR,
  REFUSED_STREAM: constants.NGHTTP2_REFUSED_STREAM,
  CANCEL: constants.NGHTTP2_CANCEL,
  ENHANCE_YOUR_CALM: constants.NGHTTP2_ENHANCE_YOUR_CALM,
} as const

/** The name of an HTTP/2 error code the faults use. */
export type H2CodeName = keyof typeof h2Codes

/** The largest stream id (2^31−1): the last_stream_id of the shutdown notice, the first GOAWAY of a two-step shutdown. */
export const maxStreamId = 2 ** 31 - 1

/**
 * The bytes of HTTP/2 frames the kit writes on the raw socket itself, and the line that names each (as `nghttp -v`
 * prints them). Node's `session.goaway()` cannot send a last_stream_id of 0 (it takes the last stream it processed
 * instead) and sends another GOAWAY when the session closes, so the kit's GOAWAY frames are written here, whole,
 * between the frames Node writes (a Node write is always whole frames).
 */
export const h2Frames = {
  /** GOAWAY (type 0x7, stream 0): last_stream_id and error code, no debug data (RFC 9113 §6.8). */
  goaway(lastStreamId: number, code: H2CodeName): { bytes: Buffer; line: string } {
    const bytes = Buffer.alloc(9 + 8)
    bytes.writeUIntBE(8, 0, 3)
    bytes[3] = 0x7
    bytes.writeUInt32BE(lastStreamId & maxStreamId, 9)
    bytes.writeUInt32BE(h2Codes[code], 13)
    return { bytes, line: `GOAWAY last_stream_id=${lastStreamId} error_code=${code}` }
  },
  /** The line naming an RST_STREAM (Node writes the frame: `stream.close(code)`). */
  rstStream(streamId: number, code: H2CodeName): string {
    return `RST_STREAM stream_id=${streamId} error_code=${code}`
  },
}
