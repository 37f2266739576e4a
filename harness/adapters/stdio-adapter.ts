import type { Adapter, Connection, OpenOptions } from '#harness/adapters/adapter.ts'
import { JsonRpcProcess } from '#harness/adapters/stdio/json-rpc-process.ts'
import { handshake, jsonRpcConnection } from '#harness/adapters/json-rpc-connection.ts'
import { processObservations } from '#harness/adapters/observation.ts'

/** The protocol version the kit asks for in `initialize` (one constant for stdio and HTTP: json-rpc-protocol.ts). */
export { stdioProtocol } from '#harness/adapters/json-rpc-protocol.ts'

/** How to start an implementation that speaks the stdio protocol (docs/stdio-protocol.md). */
export interface StdioAdapterOptions {
  /** The name reports use, e.g. `stdio:python3 pager.py`. */
  name: string
  /** The program and its arguments (see parseCommandLine), or a function making them once, on the first open; no shell is involved. */
  command: string[] | (() => Promise<string[]>)
  /** The command reports show, when `command` is made at run time (e.g. a bundle in a temporary folder): one a person can run. */
  shownCommand?: string[]
  /** How long each call may wait for its answer (default 10 000 ms). */
  timeoutMs?: number
  /** How long starting the process and answering `initialize` may take (default: the larger of timeoutMs and 10 000 ms). */
  handshakeTimeoutMs?: number
  /** How long `close()` waits after ending stdin, and after SIGTERM, before the next step (default 2 000 ms). */
  closeGraceMs?: number
  /** The working folder (default: the kit's). */
  cwd?: string
  /** Variables added to (or, when undefined, removed from) the kit's environment. */
  env?: Record<string, string | undefined>
}

/** An adapter that spawns an implementation and speaks newline-delimited JSON-RPC 2.0 with it over stdin/stdout. */
export function createStdioAdapter(options: StdioAdapterOptions): Adapter {
  let command: string[] | undefined
  return {
    name: options.name,
    async open(openOptions: OpenOptions = {}): Promise<Connection> {
      const timeoutMs = options.timeoutMs ?? 10_000
      command ??= typeof options.command === 'function' ? await options.command() : options.command
      const rpc = await JsonRpcProcess.start({
        command,
        cwd: openOptions.cwd ?? options.cwd,
        env: options.env === undefined && openOptions.env === undefined ? undefined : { ...process.env, ...options.env, ...openOptions.env },
        timeoutMs,
        closeGraceMs: options.closeGraceMs,
      })
      try {
        const declared = await handshake(rpc, options.handshakeTimeoutMs ?? Math.max(timeoutMs, 10_000))
        const shown = options.shownCommand ?? command
        return jsonRpcConnection(rpc, declared, { name: declared.name, transport: 'stdio', ports: declared.ports, pid: rpc.pid, command: [...shown] }, processObservations)
      } catch (error) {
        await rpc.close()
        throw error
      }
    },
  }
}
