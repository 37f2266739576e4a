import net from 'node:net'
import type { Socket } from 'node:net'
import http from 'node:http'
import http2 from 'node:http2'
import type { Http2Session } from 'node:http2'
import type { SessionScript } from '#harness/servers/session-server/session-script.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import type { NodeConnection } from '#harness/servers/session-server/node-connection.ts'
import { CallCounter } from '#harness/servers/session-server/call-counter.ts'
import { handleSessionCall } from '#harness/servers/session-server/handle-session-call.ts'
import { sniffProtocol } from '#harness/servers/session-server/sniff-protocol.ts'
import { h2Exchange } from '#harness/servers/session-server/h2-exchange.ts'
import { closeWhenIdle, takeStream } from '#harness/servers/session-server/h2-connection.ts'
import { http1Exchange } from '#harness/servers/session-server/http1-exchange.ts'
import { loopLateness } from '#harness/servers/loop-lateness.ts'

/** A running session server: its base URL (`http://127.0.0.1:<port>`) and how to stop it. */
export interface SessionServer {
  url: string
  /** Ends every connection and stream (hung reads included) and resolves when the server is fully closed. */
  close(): Promise<void>
}

/** Starts the kit's fault-injecting session server (h2c and HTTP/1.1 on one 127.0.0.1 port, the OS's pick unless `port` is given), recording every event. */
export async function startSessionServer(script: SessionScript, record: (event: ServerEvent) => void, options: { port?: number } = {}): Promise<SessionServer> {
  // One TCP listener; each connection is sniffed and handed to a `node:http2` server (h2c) or a `node:http` server
  // (HTTP/1.1). Both serve the script's WatchSession and GetSessionMessage calls through `handleSessionCall`.
  const context = { script, record, calls: new CallCounter() }
  const closing = new AbortController()
  const stopLateness = loopLateness.watch() // the exchanges' client-closed ends are stamped with how late they may be
  const sockets = new Set<Socket>()
  const connections = new WeakMap<Socket | Http2Session, NodeConnection>()
  let accepting: NodeConnection | undefined

  const h2 = http2.createServer()
  h2.on('session', (session: Http2Session) => {
    session.on('error', () => {})
    if (accepting) connections.set(session, accepting)
    // Node answers a client's GOAWAY with `session.close()`, which sends a GOAWAY of its own naming the last stream it
    // processed: more than a refusing GOAWAY of the kit said (a last_stream_id must never grow, RFC 9113 §6.8). The
    // kit writes every GOAWAY itself; its close ends the connection once no stream is open, with no GOAWAY.
    const connection = accepting
    session.close = () => void (connection && closeWhenIdle(connection))
  })
  h2.on('stream', (stream, headers) => {
    // a stream closed with an error code (by the client, or by the server just below) emits 'error': never uncaught
    stream.on('error', () => {})
    const connection = connections.get(stream.session as Http2Session)
    if (!connection) return void stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR)
    if (takeStream(connection, stream, String(headers[':path']), record)) void handleSessionCall(h2Exchange(stream, headers, connection), context)
  })
  const h1 = http.createServer()
  h1.on('request', (request, response) => {
    const connection = connections.get(request.socket)
    if (connection) void handleSessionCall(http1Exchange(request, response, connection), context)
    else response.destroy()
  })

  const server = net.createServer((socket) => {
    sockets.add(socket)
    socket.once('close', () => sockets.delete(socket))
    socket.on('error', () => {})
    sniffProtocol(socket, (protocol) => {
      if (closing.signal.aborted) return void socket.destroy()
      const connection: NodeConnection = { id: context.calls.connection(), socket, closing: closing.signal }
      connections.set(socket, connection)
      record({ type: 'connection', connection: connection.id, protocol })
      if (protocol === 'h2') {
        accepting = connection
        h2.emit('connection', socket)
        accepting = undefined
      } else {
        h1.emit('connection', socket)
        socket.resume()
      }
    })
  })
  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      stopLateness()
      reject(error)
    }
    server.once('error', failed)
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', failed)
      resolve()
    })
  })
  const { port } = server.address() as net.AddressInfo

  let closed: Promise<void> | undefined
  return {
    url: `http://127.0.0.1:${port}`,
    close() {
      closed ??= new Promise<void>((resolve) => {
        closing.abort()
        stopLateness()
        server.close(() => resolve())
        for (const socket of sockets) socket.destroy()
      })
      return closed
    },
  }
}
