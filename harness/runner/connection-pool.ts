import type { Adapter, Connection } from '#harness/adapters/adapter.ts'

/** Shares one open connection per adapter across the scenarios of a test file; a failed one is discarded and reopened next time. */
export class ConnectionPool {
  readonly #open = new Map<Adapter, Promise<Connection>>()

  /** The adapter's open connection, opening it on first use (rejects with the adapter's error). */
  connection(adapter: Adapter): Promise<Connection> {
    let connection = this.#open.get(adapter)
    if (!connection) {
      connection = adapter.open()
      this.#open.set(adapter, connection)
      connection.catch(() => this.#open.delete(adapter))
    }
    return connection
  }

  /** Closes and forgets an adapter's connection (after it failed: its state is unknown). */
  async discard(adapter: Adapter): Promise<void> {
    const connection = this.#open.get(adapter)
    this.#open.delete(adapter)
    await connection?.then((c) => c.close()).catch(() => {})
  }

  /** Closes every connection. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#open.keys()].map((adapter) => this.discard(adapter)))
  }
}
