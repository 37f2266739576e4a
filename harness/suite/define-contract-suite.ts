import { afterAll, describe, test } from 'vitest'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { bundledSystemOf, resolveAdapter } from '#harness/adapters/index.ts'
import { portOfBundled } from '#fixtures/systems/index.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { passingVerdicts } from '#harness/expectations/decide-verdict.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { readRunPlan } from '#harness/runner/run-plan.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { describeOutcome } from '#harness/runner/describe-outcome.ts'

/**
 * Declares one vitest test per selected scenario of `port` × adapter of the run plan. Each test replays the scenario,
 * keeps its outcome in the test's meta (for the kit's reporters), and fails unless the verdict is held or expected-broken.
 */
export async function defineContractSuite(port: PortName): Promise<void> {
  const plan = readRunPlan()
  const scenarios = selectScenarios(await loadScenarios(plan.scenarioDir ?? scenarioRoot), plan.scenarios).filter((s) => s.scenario.port === port)
  const pool = new ConnectionPool()
  afterAll(async () => {
    await pool.closeAll()
    await closeKitSnapshotter()
  })
  for (const entry of plan.adapters) {
    const offered = entry.ports ?? portsOfAdapter(entry.name)
    if (offered !== undefined && !offered.includes(port)) continue
    const adapters = new Map<number | undefined, Adapter>()
    const adapterFor = (timeoutMs: number | undefined) => {
      if (!adapters.has(timeoutMs)) adapters.set(timeoutMs, resolveAdapter(entry.name, { timeoutMs }))
      return adapters.get(timeoutMs)!
    }
    const expectations = plan.noExpectations ? [] : expectationsFor(entry.name)
    describe(entry.name, () => {
      for (const loaded of scenarios) {
        test(loaded.id, async ({ task }) => {
          const adapter = adapterFor(callTimeout(loaded.scenario, plan.timeoutMs))
          const outcome = await replayScenario(loaded, { adapter, pool, expectations, noExpectations: plan.noExpectations, keepHistories: plan.keepHistories })
          ;(task.meta as Record<string, unknown>).kit = outcome
          if (!passingVerdicts.has(outcome.verdict)) throw new Error(describeOutcome(outcome))
        })
      }
    })
  }
}

function portsOfAdapter(name: string): string[] | undefined {
  const system = bundledSystemOf(name)
  return system === undefined ? undefined : [portOfBundled(system)]
}

/** How long one call to the implementation may take: a pager call's own limit, or a client's whole deadline and a grace. */
function callTimeout(scenario: Scenario, planned: number | undefined): number | undefined {
  if (scenario.port === 'session-client') return scenario.given.timeoutMs + 10_000
  if (scenario.port === 'pager') return scenario.given.timeoutMs ?? planned
  return planned ?? 60_000 // a browser's first snapshot includes its launch
}
