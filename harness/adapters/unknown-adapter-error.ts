/** An unknown adapter name or a bad `stdio:` command line: a one-line message for the user. */
export class UnknownAdapterError extends Error {
  override readonly name = 'UnknownAdapterError'
}
