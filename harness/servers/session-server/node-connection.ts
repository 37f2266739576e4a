import type { Socket } from 'node:net'

/** One accepted TCP connection of the node server: its id, its raw socket (for `drop`), and the server's closing signal. */
export interface NodeConnection {
  id: number
  socket: Socket
  closing: AbortSignal
}
