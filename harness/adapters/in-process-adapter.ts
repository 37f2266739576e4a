import type { Adapter, Connection, PortMap, PortName } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SystemFactory } from '#harness/ports/in-process-system.ts'
import { portsOf } from '#harness/ports/in-process-system.ts'

/** How to reach a TypeScript implementation in the kit's own process. */
export interface InProcessAdapterOptions {
  name: string
  create: SystemFactory
  /** How long each call may take before it is an adapter timeout (default 10 000 ms). */
  timeoutMs?: number
}

/**
 * An adapter for a TypeScript module: every call's arguments and answer pass through JSON, as they would over a wire,
 * so the kit measures exactly what a caller would receive and the implementation cannot share objects with the kit.
 */
export function createInProcessAdapter(options: InProcessAdapterOptions): Adapter {
  const timeoutMs = options.timeoutMs ?? 10_000
  return {
    name: options.name,
    async open(): Promise<Connection> {
      const system = options.create()
      const ports = portsOf(system)
      return {
        system: { name: system.name, transport: 'in-process', ports },
        port<P extends PortName>(name: P): PortMap[P] {
          const port = system.ports[name]
          if (!port) throw new AdapterError('handshake', `${options.name} does not offer the ${name} port (it offers: ${ports.join(', ') || 'none'})`)
          return overJson(port as object, name, timeoutMs) as PortMap[P]
        },
        observes: [], // it shares the kit's process: no stderr of its own, no pid, no kill, and the kit's working folder
        stderr: () => '',
        async close() {
          // a port that holds a resource (a browser) lets it go with the connection
          for (const port of Object.values(system.ports)) await (port as { close?: () => Promise<void> }).close?.()
        },
      }
    },
  }
}

function overJson(port: object, portName: string, timeoutMs: number): object {
  return new Proxy(port, {
    get(target, operation) {
      const fn = Reflect.get(target, operation) as unknown
      if (typeof fn !== 'function') return fn
      return async (argument: unknown) => {
        const method = `${portName}.${String(operation)}`
        let timer: NodeJS.Timeout | undefined
        const deadline = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new AdapterError('timeout', `${method} did not answer within ${timeoutMs} ms`)), timeoutMs)
        })
        try {
          const answer = await Promise.race([Promise.resolve().then(() => fn.call(target, roundTrip(argument))), deadline])
          return roundTrip(answer)
        } catch (error) {
          if (error instanceof AdapterError) throw error
          throw new AdapterError('implementation', `${method} threw: ${error instanceof Error ? error.message : String(error)}`)
        } finally {
          clearTimeout(timer)
        }
      }
    },
  })
}

function roundTrip(value: unknown): unknown {
  return value === undefined ? undefined : JSON.parse(JSON.stringify(value))
}
