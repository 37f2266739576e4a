import type { Adapter, Connection, OpenOptions, PortMap, PortName, SystemInfo } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { excerpt, excerptJson } from '#harness/adapters/stdio/excerpt.ts'
import { isInitializeResult } from '#harness/adapters/stdio/initialize-result.ts'
import { JsonRpcProcess } from '#harness/adapters/stdio/json-rpc-process.ts'
import { createStdioPager, type JsonRpcCaller } from '#harness/adapters/stdio/stdio-pager.ts'
import { createStdioToolOutput } from '#harness/adapters/stdio/stdio-tool-output.ts'
import { createStdioAgentLog } from '#harness/adapters/stdio/stdio-agent-log.ts'
import { processObservations } from '#harness/adapters/observation.ts'

/** The protocol version the kit asks for in `initialize`. */
export const stdioProtocol = 'contract-kit/stdio@1'

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

/** How each port's operations become JSON-RPC calls; a port added to PortMap must be added here. */
const portClients: { [P in PortName]?: (rpc: JsonRpcCaller) => PortMap[P] } = {
  pager: createStdioPager,
  'tool-output': createStdioToolOutput,
  'agent-log': createStdioAgentLog,
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
        return connect(rpc, declared, options.shownCommand ?? command)
      } catch (error) {
        await rpc.close()
        throw error
      }
    },
  }
}

async function handshake(rpc: JsonRpcProcess, timeoutMs: number): Promise<{ name: string; ports: PortName[] }> {
  const outcome = await rpc.call('initialize', { protocol: stdioProtocol }, timeoutMs)
  if (!outcome.ok) {
    const { code, message } = outcome.error
    throw new AdapterError('handshake', `initialize answered JSON-RPC error ${code}: ${excerpt(message)}`, rpc.stderr())
  }
  const result = outcome.result
  if (!isInitializeResult(result)) {
    const shown = excerptJson(result)
    throw new AdapterError(
      'handshake',
      `initialize must answer { "name": string, "ports": string[] }, e.g. {"name":"my-pager","ports":["pager"]}; it answered ${shown}`,
      rpc.stderr(),
    )
  }
  const ports = [...new Set(result.ports)].filter((port): port is PortName => Object.hasOwn(portClients, port)).sort()
  return { name: result.name, ports }
}

function connect(rpc: JsonRpcProcess, declared: { name: string; ports: PortName[] }, command: string[]): Connection {
  const system: SystemInfo = { name: declared.name, transport: 'stdio', ports: declared.ports, pid: rpc.pid, command: [...command] }
  const clients = new Map<PortName, unknown>()
  return {
    system,
    port<P extends PortName>(name: P): PortMap[P] {
      const client = portClients[name]
      if (!declared.ports.includes(name) || !client) {
        const offered = declared.ports.length === 0 ? 'none the kit knows' : declared.ports.join(', ')
        throw new AdapterError(
          'handshake',
          `${declared.name} did not declare the port '${name}' in its initialize answer (it declared: ${offered})`,
          rpc.stderr(),
        )
      }
      if (!clients.has(name)) clients.set(name, client(rpc))
      return clients.get(name) as PortMap[P]
    },
    observes: processObservations,
    stderr: () => rpc.stderr(),
    close: () => rpc.close(),
    beginScenario: () => rpc.beginScenario(),
  }
}
