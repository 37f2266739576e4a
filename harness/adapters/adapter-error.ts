/** The ways an adapter can fail to reach or understand an implementation. */
export type AdapterFailure = 'spawn' | 'handshake' | 'protocol' | 'timeout' | 'crashed' | 'implementation' | 'untestable'

/** An error in reaching the implementation (not a contract result): it makes the run's verdict `error`. */
export class AdapterError extends Error {
  override readonly name = 'AdapterError'
  constructor(
    readonly failure: AdapterFailure,
    message: string,
    readonly stderr = '',
  ) {
    super(message)
  }
}
