import type { Socket } from 'node:net'

const preface = Buffer.from('PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', 'latin1')

/** Tells h2c (the HTTP/2 preface) from HTTP/1.1 by a connection's first bytes, then pauses it, puts them back and calls `then`. */
export function sniffProtocol(socket: Socket, then: (protocol: 'h2' | 'http/1.1') => void): void {
  let seen = Buffer.alloc(0)
  const onData = (chunk: Buffer) => {
    seen = Buffer.concat([seen, chunk])
    const compared = Math.min(seen.length, preface.length)
    const isPreface = seen.subarray(0, compared).equals(preface.subarray(0, compared))
    if (isPreface && seen.length < preface.length) return
    socket.off('data', onData)
    socket.pause()
    socket.unshift(seen)
    then(isPreface ? 'h2' : 'http/1.1')
  }
  socket.on('data', onData)
}
