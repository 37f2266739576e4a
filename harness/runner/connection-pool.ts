import type { Adapter, Connection } from '#harness/adapters/adapter.ts'

/**
 * Shares one open connection per adapter across the scenarios of a test file; a failed one is discarded and reopened
 * next time. A `fresh` pool shares nothing: each scenario's connection is closed when the scenario is done.
 */
export class ConnectionPool {
  readonly #open = new Map<Adapter, Promise<Connection>>()
  readonly #fresh: boolean

  constructor(options: { fresh?: boolean } = {}) {
    this.#fresh = options.fresh ?? false
  }

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

  /** A scenario is done with the adapter's connection: kept for the next one, or closed in a `fresh` pool. */
  async release(adapter: Adapter): Promise<void> {
    if (this.#fresh) await this.discard(adapter)
  }

  /** Closes every connection. */
  async closeAll(): Promise<void> {
    await Promise.all([...this.#open.keys()].map((adapter) => this.discard(adapter)))
  }
}
