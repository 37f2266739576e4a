/** Numbers a server's connections, WatchSession calls and GetSessionMessage calls, each from 1 (shared by every connection). */
export class CallCounter {
  #connections = 0
  #watches = 0
  #reads = 0

  /** The next connection id. */
  connection(): number {
    return ++this.#connections
  }

  /** The next WatchSession call number. */
  watch(): number {
    return ++this.#watches
  }

  /** The next GetSessionMessage call number. */
  read(): number {
    return ++this.#reads
  }
}
