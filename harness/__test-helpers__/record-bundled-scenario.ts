import type { History as AnyHistory, PagerHistory as History, SessionClientHistory } from '#harness/history/history.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'
import type { InProcessSystem } from '#harness/ports/in-process-system.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/** The bundled scenarios, loaded once per test file. */
export const bundledScenarios: LoadedScenario[] = await loadScenarios(scenarioRoot)

/** Records the History of a bundled scenario (by the last part of its id, or its whole id) replayed in process against a pager. */
export async function recordBundledScenario(name: string, createPager: () => PagerPort): Promise<History> {
  const history = await recordInProcess(name, { pager: createPager() })
  if (history.port !== 'pager') throw new Error(`${name} is not a pager scenario`)
  return history
}

/** Records the History of a bundled session-client scenario (a DEP-8516 regression, or one of `scenarios/session-client/`, by the last part of its id) replayed in process against a client. */
export async function recordBundledSessionScenario(name: string, createClient: () => SessionClientPort): Promise<SessionClientHistory> {
  const history = await recordInProcess(bundledSessionScenarioId(name), { 'session-client': createClient() })
  if (history.port !== 'session-client') throw new Error(`${name} is not a session-client scenario`)
  return history as SessionClientHistory
}

/** Test helper: the id of a bundled session-client scenario by its last name (`regressions/dep-8516/<name>`, else `session-client/<name>`). */
export function bundledSessionScenarioId(name: string): string {
  return bundledScenarios.some((s) => s.id === `regressions/dep-8516/${name}`) ? `regressions/dep-8516/${name}` : `session-client/${name}`
}

/** Records the History of a bundled scenario replayed in process against a system offering `ports`. */
export async function recordInProcess(name: string, ports: InProcessSystem['ports']): Promise<AnyHistory> {
  const loaded = bundledScenarios.find((s) => s.id === name || s.id.endsWith(`/${name}`))
  if (!loaded) throw new Error(`no bundled scenario named ${name}`)
  const pool = new ConnectionPool()
  const adapter = createInProcessAdapter({ name: 'under-test', create: () => ({ name: 'under-test', ports }), timeoutMs: 60_000 })
  const { history, failure } = await recordScenario(loaded, adapter, pool)
  await pool.closeAll()
  if (failure) throw failure
  return history
}

/** Records the History of a loaded scenario over an adapter, on a pool of its own closed after it (a process each, over stdio); throws the adapter's failure. */
export async function recordOver(adapter: Adapter, loaded: LoadedScenario): Promise<AnyHistory> {
  const pool = new ConnectionPool()
  try {
    const { history, failure } = await recordScenario(loaded, adapter, pool)
    if (failure) throw failure
    return history
  } finally {
    await pool.closeAll()
  }
}
