import type { Socket } from 'node:net'
import type { Http2Session } from 'node:http2'

/** What the server did on one HTTP/2 connection that its GOAWAY faults depend on. */
export interface H2ConnectionState {
  /** The client stream ids the server took up (processed) on it. */
  processed: number[]
  /** The last_stream_id of the last GOAWAY sent on it, if one was (it never grows, RFC 9113 §6.8). */
  goaway?: number
  /** How many of its streams are open. */
  open: number
  /** Node's session on it. */
  session?: Http2Session
  /** The client said GOAWAY: the connection ends (FIN) once no stream is open on it. */
  clientClosing?: boolean
}

/** One accepted TCP connection of the node server: its id, its raw socket (for `drop` and GOAWAY frames), the server's closing signal, and its HTTP/2 state. */
export interface NodeConnection {
  id: number
  socket: Socket
  closing: AbortSignal
  /** HTTP/2 connections only. */
  h2?: H2ConnectionState
}
