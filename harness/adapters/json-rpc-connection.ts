import type { Connection, PortMap, PortName, SystemInfo } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { stdioProtocol } from '#harness/adapters/json-rpc-protocol.ts'
import type { Observation } from '#harness/adapters/observation.ts'
import { excerpt, excerptJson } from '#harness/adapters/stdio/excerpt.ts'
import { isInitializeResult } from '#harness/adapters/stdio/initialize-result.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import { createStdioPager, type JsonRpcCaller } from '#harness/adapters/stdio/stdio-pager.ts'
import { createStdioToolOutput } from '#harness/adapters/stdio/stdio-tool-output.ts'
import { createStdioAgentLog } from '#harness/adapters/stdio/stdio-agent-log.ts'

/** How each port's operations become JSON-RPC calls (the same over stdio and HTTP); a port added to PortMap must be added here. */
const portClients: { [P in PortName]?: (rpc: JsonRpcCaller) => PortMap[P] } = {
  pager: createStdioPager,
  'tool-output': createStdioToolOutput,
  'agent-log': createStdioAgentLog,
}

/** A JSON-RPC peer the kit completes the handshake with and builds a Connection on: a process over stdio, a service over HTTP. */
export interface JsonRpcPeer extends JsonRpcCaller {
  call(method: string, params?: unknown, timeoutMs?: number): Promise<JsonRpcOutcome>
  close(): Promise<void>
  beginScenario(): void
}

/** What `initialize` declared: the implementation's name and the ports the kit knows among those it offers. */
export interface Declared {
  name: string
  ports: PortName[]
}

/** Sends `initialize` (protocol `contract-kit/stdio@1`) and reads the declared name and ports; a bad answer is AdapterError('handshake'). */
export async function handshake(rpc: JsonRpcPeer, timeoutMs: number): Promise<Declared> {
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

/** A Connection whose declared ports are JSON-RPC clients of `rpc`; a port it did not declare is AdapterError('handshake'). */
export function jsonRpcConnection(rpc: JsonRpcPeer, declared: Declared, system: SystemInfo, observes: readonly Observation[]): Connection {
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
    observes,
    stderr: () => rpc.stderr(),
    close: () => rpc.close(),
    beginScenario: () => rpc.beginScenario(),
  }
}
