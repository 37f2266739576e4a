import { decodeEnvelopes, endStreamFlag } from '#harness/servers/session-server/connect-envelope.ts'

/** Test helper: a WatchSession response body read back: the frames' cursors, the end-of-stream payload (null if absent) and the bytes of an incomplete last envelope. */
export function readWatchBody(body: Uint8Array): { cursors: string[]; endStream: unknown; incomplete: number } {
  const { envelopes, rest } = decodeEnvelopes(body)
  const json = (payload: Uint8Array) => JSON.parse(new TextDecoder().decode(payload)) as unknown
  const frames = envelopes.filter((envelope) => (envelope.flags & endStreamFlag) === 0)
  const end = envelopes.find((envelope) => (envelope.flags & endStreamFlag) !== 0)
  return {
    cursors: frames.map((frame) => (json(frame.payload) as { cursor: string }).cursor),
    endStream: end ? json(end.payload) : null,
    incomplete: rest.length,
  }
}
