import type { Writable } from 'node:stream'

/** Writes bytes to a response and resolves whether they were handed over: false once the response closed or `gone()` says the other side left. */
export function writeUnlessGone(response: Writable, bytes: Uint8Array, gone: () => unknown, live: () => boolean): Promise<boolean> {
  return new Promise((resolve) => {
    if (gone() || !live()) return resolve(false)
    const onClose = () => resolve(false)
    response.once('close', onClose)
    response.write(bytes, (error) => {
      response.off('close', onClose)
      resolve(!error && !gone())
    })
  })
}
