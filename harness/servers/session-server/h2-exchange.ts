import http2 from 'node:http2'
import { untilGone } from '#harness/servers/session-server/until-gone.ts'
import { writeUnlessGone } from '#harness/servers/session-server/write-unless-gone.ts'
import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2'
import type { GoneReason, SessionExchange, WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import type { NodeConnection } from '#harness/servers/session-server/node-connection.ts'
import { readBody } from '#harness/servers/session-server/read-body.ts'
import { waitUnlessAborted } from '#harness/servers/session-server/wait-unless-aborted.ts'

const { constants } = http2
const codes: Record<string, number> = {
  NO_ERROR: constants.NGHTTP2_NO_ERROR,
  CANCEL: constants.NGHTTP2_CANCEL,
  INTERNAL_ERROR: constants.NGHTTP2_INTERNAL_ERROR,
  REFUSED_STREAM: constants.NGHTTP2_REFUSED_STREAM,
  ENHANCE_YOUR_CALM: constants.NGHTTP2_ENHANCE_YOUR_CALM,
}

/** One HTTP/2 stream of the node server as a session exchange (goaway, rst and drop as real HTTP/2 and TCP faults). */
export function h2Exchange(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, connection: NodeConnection): SessionExchange {
  const closed = new AbortController()
  stream.on('error', () => {})
  stream.once('close', () => closed.abort())
  const signal = AbortSignal.any([connection.closing, closed.signal])
  const gone = (): GoneReason | null => (connection.closing.aborted ? 'server-closed' : closed.signal.aborted ? 'client-closed' : null)
  const live = () => !stream.destroyed && !stream.closed

  return {
    connection: connection.id,
    stream: stream.id ?? null,
    method: String(headers[':method']),
    path: String(headers[':path']),
    body: () => readBody(stream),
    reply(status, contentType, body) {
      if (!live()) return
      stream.respond({ ':status': status, 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
      stream.end(body)
    },
    startStream(contentType) {
      // Sent with `waitForTrailers`, so the clean end (END_STREAM) goes out only from `end()`: `stream.close(code)` then
      // sends RST_STREAM with no END_STREAM before it and the client sees the reset. (Without it, close() ends the
      // stream first and the client sees a clean end, its RST_STREAM ignored: cheatsheet §6.)
      let ending = false
      stream.on('wantTrailers', () => {
        if (ending && live()) stream.sendTrailers({})
      })
      stream.respond({ ':status': 200, 'content-type': contentType }, { waitForTrailers: true })
      const sink: WatchSink = {
        write: (bytes) => writeUnlessGone(stream, bytes, gone, live),
        wait: (ms) => waitUnlessAborted(ms, signal),
        end() {
          ending = true
          if (live()) stream.end()
        },
        abort(fault) {
          if (fault.kind === 'drop') return void connection.socket.destroy()
          if (!live()) return
          if (fault.kind === 'rst') return stream.close(codes[fault.code])
          const session = stream.session
          // A last-stream-id below this stream leaves it unprocessed; Node turns an id <= 0 into the last processed
          // stream (this one), so the stream is also refused explicitly.
          session?.goaway(codes[fault.code], (stream.id ?? 0) - 2, Buffer.from('contract-kit: scripted goaway'))
          stream.close(constants.NGHTTP2_REFUSED_STREAM)
          session?.close()
        },
        gone,
      }
      return sink
    },
    untilGone: () => untilGone(gone, signal),
    destroy() {
      if (live()) stream.close(constants.NGHTTP2_INTERNAL_ERROR)
    },
  }
}
