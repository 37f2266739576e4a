import type { PortName } from '#harness/adapters/adapter.ts'
import type { SystemRegistry } from '#fixtures/systems/registry.ts'

let loaded: SystemRegistry | undefined

/**
 * Loads the systems the kit ships (fixtures/systems/registry.ts), once per process. The kit loads them only for a run
 * that names one of them: a run of a user's own adapters (`stdio:`, `command:`, a profile) never imports them.
 */
export async function loadShippedSystems(): Promise<SystemRegistry> {
  loaded ??= (await import('#fixtures/systems/registry.ts')).systemRegistry
  return loaded
}

/** The shipped systems, after `loadShippedSystems()`; a kit error before it. */
export function shippedSystems(): SystemRegistry {
  if (!loaded) throw new Error('contract-kit: the shipped systems were used before loadShippedSystems() loaded them')
  return loaded
}

/** Whether an adapter name may name a shipped system (anything but `stdio:<command line>` and `command:<template>`). */
export function mayNameShippedSystem(adapterName: string): boolean {
  return !adapterName.startsWith('stdio:') && !adapterName.startsWith('command:')
}

/** The port a shipped system offers, read from its name (`pager/reference` offers `pager`), without loading it. */
export function portOfBundled(system: string): PortName {
  return system.slice(0, system.indexOf('/')) as PortName
}
