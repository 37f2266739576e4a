import type { Adapter, Connection } from '#harness/adapters/adapter.ts'
import { HttpJsonRpc } from '#harness/adapters/http/http-json-rpc.ts'
import { handshake, jsonRpcConnection } from '#harness/adapters/json-rpc-connection.ts'

/** Where a service that speaks the protocol over HTTP already runs (docs/http-protocol.md). */
export interface HttpAdapterOptions {
  /** The name reports use, e.g. `http:http://127.0.0.1:8080/rpc`. */
  name: string
  /** The URL every request is POSTed to (`http:` or `https:`). */
  url: string
  /** How long each call may wait for its answer (default 10 000 ms). */
  timeoutMs?: number
  /** How long answering `initialize` may take (default: the larger of timeoutMs and 10 000 ms). */
  handshakeTimeoutMs?: number
}

/**
 * An adapter for a service already up: each open is a connection of its own to `url` and the `initialize` handshake,
 * as over stdio. The kit did not start the service, so it observes nothing of it beyond its answers: no stderr, no
 * pid, no kill and restart, no working folder; closing the connection leaves the service running.
 */
export function createHttpAdapter(options: HttpAdapterOptions): Adapter {
  return {
    name: options.name,
    async open(): Promise<Connection> {
      const timeoutMs = options.timeoutMs ?? 10_000
      const rpc = new HttpJsonRpc({ url: options.url, timeoutMs })
      try {
        const declared = await handshake(rpc, options.handshakeTimeoutMs ?? Math.max(timeoutMs, 10_000))
        return jsonRpcConnection(rpc, declared, { name: declared.name, transport: 'http', ports: declared.ports, url: rpc.url }, [])
      } catch (error) {
        await rpc.close()
        throw error
      }
    },
  }
}
