import type { Adapter } from '#harness/adapters/adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems, mayNameShippedSystem, portsNamedBy } from '#harness/adapters/shipped-systems.ts'

/**
 * The adapter an `--adapter` name names: `stdio:<command line>`, `http:<url>`, `command:<template>`, or a system the kit ships
 * (`pager/reference`, `pager/reference@stdio`, a mutant); an unknown name throws UnknownAdapterError.
 */
export async function adapterNamed(name: string, options: { timeoutMs?: number } = {}): Promise<Adapter> {
  if (mayNameShippedSystem(name)) await loadShippedSystems(portsNamedBy([name]))
  return resolveAdapter(name, options)
}
