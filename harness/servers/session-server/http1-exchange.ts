import type { IncomingMessage, ServerResponse } from 'node:http'
import { untilGone } from '#harness/servers/session-server/until-gone.ts'
import { responseWriter } from '#harness/servers/session-server/response-writer.ts'
import type { GoneReason, SessionExchange, WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import type { NodeConnection } from '#harness/servers/session-server/node-connection.ts'
import { readBody } from '#harness/servers/session-server/read-body.ts'
import { waitUnlessAborted } from '#harness/servers/session-server/wait-unless-aborted.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'
import { loopLateness } from '#harness/servers/loop-lateness.ts'

/** One HTTP/1.1 request of the node server as a session exchange (goaway, rst and drop all destroy the socket). */
export function http1Exchange(request: IncomingMessage, response: ServerResponse, connection: NodeConnection): SessionExchange {
  // HTTP/1.1 has no GOAWAY and no stream reset: `goaway` (the "Connection: close" of HTTP/1.1, but mid-body), `rst`
  // and `drop` all destroy the TCP socket after the bytes written so far (a `goaway` with `then: close` after its grace
  // period); the chunked body never gets its last chunk, so the client sees the body cut, not a clean end. `refuse`
  // destroys the socket before any response; the shutdown notice does nothing. `cut` and `no-end` end the chunked body
  // cleanly.
  const closed = new AbortController()
  let left: number | null = null
  response.once('close', () => {
    left = loopLateness.earliestNow()
    closed.abort()
  })
  const signal = AbortSignal.any([connection.closing, closed.signal])
  const gone = (): GoneReason | null => (connection.closing.aborted ? 'server-closed' : closed.signal.aborted ? 'client-closed' : null)
  const live = () => !response.destroyed && !response.writableEnded

  return {
    connection: connection.id,
    stream: null,
    method: request.method ?? '',
    arrivedSince: loopLateness.earliestNow(),
    path: request.url ?? '',
    body: () => readBody(request),
    reply(status, contentType, body) {
      if (!live()) return
      response.writeHead(status, { 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
      response.end(body)
    },
    refuse() {
      connection.socket.destroy()
      return ['the TCP connection destroyed before any response']
    },
    startStream(contentType) {
      response.writeHead(200, { 'content-type': contentType })
      response.flushHeaders()
      const writer = responseWriter(response, gone, live)
      const sink: WatchSink = {
        write: writer.write,
        ready: writer.ready,
        wait: (ms) => waitUnlessAborted(ms, signal),
        end() {
          if (live()) response.end()
        },
        notice: async () => [],
        async abort(fault) {
          const graceMs = fault.kind === 'goaway' ? goawayEnding(fault).graceMs : 0
          if (graceMs === 0) connection.socket.destroy()
          else void waitUnlessAborted(graceMs, signal).then(() => connection.socket.destroy())
          return [`the TCP connection destroyed${graceMs > 0 ? ` after ${graceMs} ms` : ''} (the chunked body cut)`]
        },
        gone,
        leftSince: () => left,
      }
      return sink
    },
    untilGone: () => untilGone(gone, signal),
    destroy() {
      connection.socket.destroy()
    },
    dropConnection() {
      connection.socket.destroy()
    },
  }
}
