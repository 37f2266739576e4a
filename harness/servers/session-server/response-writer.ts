import type { Writable } from 'node:stream'

/** How a watch response's body is written: writes that may overlap, and whether the transport takes more at once. */
export interface ResponseWriter {
  /** Writes bytes and resolves whether they were handed over whole: false once the response closed or `gone()` says the other side left. */
  write(bytes: Uint8Array): Promise<boolean>
  /** Whether the response takes more bytes without waiting (it is live and its buffer is below its high-water mark). */
  ready(): boolean
}

/**
 * A writer of one response, whose writes may be in flight together (each resolves when its own callback comes, in
 * order): a response that closes settles every write still in flight with false, through one `close` listener.
 */
export function responseWriter(response: Writable, gone: () => unknown, live: () => boolean): ResponseWriter {
  const inFlight = new Set<(handedOver: boolean) => void>()
  let closed = false
  response.once('close', () => {
    closed = true
    for (const settle of inFlight) settle(false)
    inFlight.clear()
  })
  return {
    write(bytes) {
      return new Promise((resolve) => {
        if (closed || gone() || !live()) return resolve(false)
        const settle = (handedOver: boolean) => {
          inFlight.delete(settle)
          resolve(handedOver)
        }
        inFlight.add(settle)
        response.write(bytes, (error) => settle(!error && !gone()))
      })
    },
    ready: () => !closed && live() && !response.writableNeedDrain,
  }
}
