import type { IncomingHttpHeaders, ServerHttp2Stream } from 'node:http2'
import { untilGone } from '#harness/servers/session-server/until-gone.ts'
import { responseWriter } from '#harness/servers/session-server/response-writer.ts'
import type { GoneReason, SessionExchange, WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import type { NodeConnection } from '#harness/servers/session-server/node-connection.ts'
import { readBody } from '#harness/servers/session-server/read-body.ts'
import { waitUnlessAborted } from '#harness/servers/session-server/wait-unless-aborted.ts'
import { h2Codes, h2Frames, maxStreamId } from '#harness/servers/session-server/h2-frames.ts'
import type { H2CodeName } from '#harness/servers/session-server/h2-frames.ts'
import { endConnection, lastProcessed, pingAck, sendGoaway } from '#harness/servers/session-server/h2-connection.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'
import { loopLateness } from '#harness/servers/loop-lateness.ts'

/** One HTTP/2 stream of the node server as a session exchange (GOAWAY, RST_STREAM and drop as real HTTP/2 and TCP faults). */
export function h2Exchange(stream: ServerHttp2Stream, headers: IncomingHttpHeaders, connection: NodeConnection): SessionExchange {
  const closed = new AbortController()
  stream.on('error', () => {})
  let left: number | null = null
  stream.once('close', () => {
    left = loopLateness.earliestNow()
    closed.abort()
  })
  const signal = AbortSignal.any([connection.closing, closed.signal])
  const gone = (): GoneReason | null => (connection.closing.aborted ? 'server-closed' : closed.signal.aborted ? 'client-closed' : null)
  const live = () => !stream.destroyed && !stream.closed
  const id = stream.id ?? 0

  return {
    connection: connection.id,
    stream: stream.id ?? null,
    method: String(headers[':method']),
    arrivedSince: loopLateness.earliestNow(),
    path: String(headers[':path']),
    body: () => readBody(stream),
    reply(status, contentType, body) {
      if (!live()) return
      stream.respond({ ':status': status, 'content-type': contentType, 'content-length': Buffer.byteLength(body) })
      stream.end(body)
    },
    refuse() {
      // Nothing was processed: a GOAWAY whose last_stream_id is below this stream (the highest other stream taken up
      // on the connection, 0 if none), then RST_STREAM REFUSED_STREAM before any HEADERS (RFC 9113 §6.8, §8.7). The
      // connection then closes once no stream is open on it.
      if (connection.h2) connection.h2.processed = connection.h2.processed.filter((other) => other !== id)
      const goaway = sendGoaway(connection, lastProcessed(connection), 'NO_ERROR')
      if (live()) stream.close(h2Codes.REFUSED_STREAM)
      return [goaway, h2Frames.rstStream(id, 'REFUSED_STREAM')]
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
      const writer = responseWriter(stream, gone, live)
      const sink: WatchSink = {
        write: writer.write,
        ready: writer.ready,
        wait: (ms) => waitUnlessAborted(ms, signal),
        end() {
          ending = true
          if (live()) stream.end()
        },
        async notice() {
          if (!(await pingAck(connection, signal))) return []
          return ['PING (its ACK came back)', sendGoaway(connection, maxStreamId, 'NO_ERROR')]
        },
        async abort(fault) {
          if (fault.kind === 'drop') {
            connection.socket.destroy()
            return ['the TCP connection destroyed']
          }
          if (fault.kind === 'rst') {
            if (live()) stream.close(h2Codes[fault.code])
            return [h2Frames.rstStream(id, fault.code)]
          }
          // A GOAWAY whose last_stream_id covers this stream (and every other stream taken up on the connection): it
          // was processed. Then RST_STREAM on it, or the connection closes (FIN) after the grace period. A PING goes
          // first: once its ACK is back, the client's HTTP/2 stack holds every frame written before the GOAWAY.
          const { code, then, graceMs } = goawayEnding(fault)
          if (!(await pingAck(connection, signal))) return []
          const sent = ['PING (its ACK came back)', sendGoaway(connection, lastProcessed(connection), code as H2CodeName)]
          if (then !== 'close') {
            if (live()) stream.close(h2Codes[then])
            return [...sent, h2Frames.rstStream(id, then)]
          }
          void waitUnlessAborted(graceMs, connection.closing).then((fired) => fired && endConnection(connection))
          return [...sent, `the connection closed (FIN) after ${graceMs} ms`]
        },
        gone,
        leftSince: () => left,
      }
      return sink
    },
    untilGone: () => untilGone(gone, signal),
    destroy() {
      if (live()) stream.close(h2Codes.INTERNAL_ERROR)
    },
    dropConnection() {
      connection.socket.destroy()
    },
  }
}
