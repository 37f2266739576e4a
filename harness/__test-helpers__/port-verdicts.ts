import type { Adapter } from '#harness/adapters/adapter.ts'
import type { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/**
 * Test helper: every bundled scenario of `port` (but the case ids in `except`) replayed on `adapter` (over `pool`, no
 * expectations), one after another; each case id with its verdict, and for an error or an untestable run the reason
 * after it.
 */
export async function portVerdicts(adapter: Adapter, port: string, pool: ConnectionPool, except: readonly string[] = []): Promise<Record<string, string>> {
  const scenarios = (await loadScenarios(scenarioRoot)).filter((s) => s.scenario.port === port && !except.includes(s.id))
  const verdicts: Record<string, string> = {}
  for (const loaded of scenarios) {
    const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
    verdicts[outcome.scenario] = outcome.error ? `${outcome.verdict}: ${outcome.error.message}` : outcome.verdict
  }
  return verdicts
}
