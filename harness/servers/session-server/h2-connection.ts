import http2 from 'node:http2'
import type { ServerHttp2Stream } from 'node:http2'
import type { NodeConnection, H2ConnectionState } from '#harness/servers/session-server/node-connection.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { h2Frames } from '#harness/servers/session-server/h2-frames.ts'
import { waitUnlessAborted } from '#harness/servers/session-server/wait-unless-aborted.ts'
import type { H2CodeName } from '#harness/servers/session-server/h2-frames.ts'

/**
 * Takes up a new HTTP/2 stream of a connection, or refuses it: a stream above the last_stream_id of a GOAWAY the
 * server already sent there is never processed (RST_STREAM REFUSED_STREAM, recorded as `refused`). Once a GOAWAY was
 * sent, the connection closes (FIN) when its last open stream closes, as a draining server's does.
 */
export function takeStream(connection: NodeConnection, stream: ServerHttp2Stream, path: string, record: (event: ServerEvent) => void): boolean {
  const state = (connection.h2 ??= { processed: [], open: 0 })
  state.session ??= stream.session ?? undefined
  const id = stream.id ?? 0
  stream.on('error', () => {})
  if (state.goaway !== undefined && id > state.goaway) {
    record({ type: 'refused', connection: connection.id, stream: id, path })
    stream.close(http2.constants.NGHTTP2_REFUSED_STREAM)
    return false
  }
  state.processed.push(id)
  state.open++
  stream.once('close', () => {
    state.open--
    if (state.open > 0) return
    if (state.clientClosing) endConnection(connection)
    else if (state.goaway !== undefined) endWhenIdle(connection)
  })
  return true
}

/**
 * Writes a GOAWAY on the connection's raw socket and returns its line. `last` is clamped so it never grows past a
 * GOAWAY sent before (RFC 9113 §6.8). Frames Node wrote before are on the wire first (every write is whole frames).
 */
export function sendGoaway(connection: NodeConnection, last: number, code: H2CodeName): string {
  const state: H2ConnectionState = (connection.h2 ??= { processed: [], open: 0 })
  state.goaway = Math.min(last, state.goaway ?? last)
  const frame = h2Frames.goaway(state.goaway, code)
  if (!connection.socket.destroyed && connection.socket.writable) connection.socket.write(frame.bytes)
  return frame.line
}

/** The highest stream id processed on the connection, leaving one out (0 when none): the last_stream_id a GOAWAY names. */
export function lastProcessed(connection: NodeConnection, except?: number): number {
  return Math.max(0, ...(connection.h2?.processed ?? []).filter((id) => id !== except))
}

/**
 * What the server does when the client says GOAWAY (Node calls `session.close()` then): it ends the connection once no
 * stream is open on it, as Node's own close would, but without a GOAWAY of its own (see start-session-server.ts).
 */
export function closeWhenIdle(connection: NodeConnection): void {
  const state = (connection.h2 ??= { processed: [], open: 0 })
  state.clientClosing = true
  if (state.open === 0) endConnection(connection)
}

/** Closes the connection the way a server does once it is done with it: FIN after everything written so far. */
export function endConnection(connection: NodeConnection): void {
  if (!connection.socket.destroyed) connection.socket.end()
}

/** How long a connection that went away stays open once no stream is open on it, unless the client closes it first. */
export const lingerMs = 1000

/**
 * Closes an HTTP/2 connection that went away and has no open stream: the client closes it itself once it read the
 * GOAWAY and its streams ended (every HTTP/2 client does); the server ends it (FIN) `lingerMs` later if it did not,
 * as Go's server does a second after its GOAWAY. The frames Node still had to send (an RST_STREAM) go out meanwhile.
 */
export function endWhenIdle(connection: NodeConnection): void {
  void waitUnlessAborted(lingerMs, connection.closing).then((fired) => fired && connection.h2?.open === 0 && endConnection(connection))
}

/**
 * Sends a PING and resolves true once its ACK came back, false if the connection or `signal` went first. The ACK
 * shows the client's HTTP/2 stack took in every frame written before the PING, so a library that fails the stream at
 * the GOAWAY sent next (undici 7, httpcore 0.16 do) has already handed those frames on: none is lost in flight.
 */
export function pingAck(connection: NodeConnection, signal: AbortSignal): Promise<boolean> {
  const session = connection.h2?.session
  if (!session || session.destroyed || signal.aborted) return Promise.resolve(false)
  return new Promise((resolve) => {
    const onAbort = () => resolve(false)
    signal.addEventListener('abort', onAbort, { once: true })
    const sent = session.ping((error) => {
      signal.removeEventListener('abort', onAbort)
      resolve(!error)
    })
    if (!sent) {
      signal.removeEventListener('abort', onAbort)
      resolve(false)
    }
  })
}
