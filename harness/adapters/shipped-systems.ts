import type { PortName } from '#harness/adapters/adapter.ts'
import type { SystemRegistry } from '#fixtures/systems/registry.ts'

/** The ports the kit ships systems for (a reference, a pre-fix system, mutants), in the order it loads them. */
export const portNames: readonly PortName[] = ['pager', 'session-client', 'snapshotter', 'tool-output', 'agent-log']
const loaded = new Map<PortName, SystemRegistry>()

/**
 * Loads the systems the kit ships for the given ports (default every port) from fixtures/systems/registry.ts, each
 * port once per process, and returns them. The kit loads them only for a run that names one of them, and only that
 * one's port: a run of a user's own adapters (`stdio:`, `command:`, a profile) never imports any.
 */
export async function loadShippedSystems(ports: readonly PortName[] = portNames): Promise<SystemRegistry> {
  const missing = ports.filter((port) => !loaded.has(port))
  if (missing.length > 0) {
    const { portSystems } = await import('#fixtures/systems/registry.ts')
    const registries = await Promise.all(missing.map((port) => portSystems[port]()))
    missing.forEach((port, i) => loaded.set(port, registries[i]!))
  }
  return merged(ports)
}

/** The ports whose shipped systems adapter names may name: each name's own port, or every port for a name that names none. */
export function portsNamedBy(adapterNames: readonly string[]): PortName[] {
  const ports = new Set<PortName>()
  for (const name of adapterNames.filter(mayNameShippedSystem)) {
    const port = portOfBundled(name)
    if (!portNames.includes(port)) return [...portNames] // an unknown name: its error lists every system
    ports.add(port)
  }
  return [...ports]
}

/** The shipped systems loaded so far (every port's after `loadShippedSystems()`). */
export function shippedSystems(): SystemRegistry {
  return merged([...loaded.keys()])
}

/** Whether every port's shipped systems are loaded (what listing all of them needs). */
export function allShippedSystemsLoaded(): boolean {
  return portNames.every((port) => loaded.has(port))
}

/** Whether the shipped systems of the port an adapter name names are loaded (false for a name of no port). */
export function shippedSystemsLoadedFor(adapterName: string): boolean {
  return loaded.has(portOfBundled(adapterName))
}

/** Whether an adapter name may name a shipped system (anything but `stdio:<command line>`, `http:<url>` and `command:<template>`). */
export function mayNameShippedSystem(adapterName: string): boolean {
  return !['stdio:', 'http:', 'command:'].some((prefix) => adapterName.startsWith(prefix))
}

/** The port a shipped system offers, read from its name (`pager/reference` offers `pager`), without loading it. */
export function portOfBundled(system: string): PortName {
  return system.slice(0, system.indexOf('/')) as PortName
}

function merged(ports: readonly PortName[]): SystemRegistry {
  const all: SystemRegistry = { bundled: {}, mutants: {}, silent: {} }
  for (const port of ports) {
    const registry = loaded.get(port)
    if (!registry) continue
    Object.assign(all.bundled, registry.bundled)
    Object.assign(all.mutants, registry.mutants)
    Object.assign(all.silent, registry.silent)
  }
  return all
}
