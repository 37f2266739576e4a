import type { PagerHistory as History } from '#harness/history/history.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/** The bundled scenarios, loaded once per test file. */
export const bundledScenarios: LoadedScenario[] = await loadScenarios(scenarioRoot)

/** Records the History of a bundled scenario (by the last part of its id, or its whole id) replayed in process against a pager. */
export async function recordBundledScenario(name: string, createPager: () => PagerPort): Promise<History> {
  const loaded = bundledScenarios.find((s) => s.id === name || s.id.endsWith(`/${name}`))
  if (!loaded) throw new Error(`no bundled scenario named ${name}`)
  const pool = new ConnectionPool()
  const adapter = createInProcessAdapter({ name: 'under-test', create: () => ({ name: 'under-test', ports: { pager: createPager() } }) })
  const { history, failure } = await recordScenario(loaded, adapter, pool)
  await pool.closeAll()
  if (failure) throw failure
  if (history.port !== 'pager') throw new Error(`${name} is not a pager scenario`)
  return history
}
