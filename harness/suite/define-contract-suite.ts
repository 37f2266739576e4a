import { afterAll, describe, test } from 'vitest'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { bundledSystemOf, resolvePlanAdapter } from '#harness/adapters/index.ts'
import { portOfBundled } from '#fixtures/systems/index.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { passingVerdicts } from '#harness/expectations/decide-verdict.ts'
import { isExpired, today } from '#harness/expectations/expiry.ts'
import { entryMatches } from '#harness/expectations/known-failing.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { readRunPlan } from '#harness/runner/run-plan.ts'
import type { PlanAdapter } from '#harness/runner/run-plan.ts'
import { planScenarios } from '#harness/runner/plan-scenarios.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { describeOutcome } from '#harness/runner/describe-outcome.ts'
import { checkExpectationList } from '#harness/suite/check-expectation-list.ts'

/**
 * Declares one vitest test per selected scenario of `port` × adapter of the run plan. Each test replays the scenario,
 * keeps its outcome in the test's meta (for the kit's reporters), and fails unless the verdict is held or expected-broken.
 * A known-flaky case is retried (vitest's own `retry`); a profile's list is checked once, in its first port's suite.
 */
export async function defineContractSuite(port: PortName): Promise<void> {
  const plan = readRunPlan()
  const all = await loadScenarios(plan.scenarioDir ?? scenarioRoot)
  const selected = selectScenarios(all, plan.scenarios)
  const pool = new ConnectionPool()
  const day = today()
  afterAll(async () => {
    await pool.closeAll()
    await closeKitSnapshotter()
  })
  for (const entry of plan.adapters) {
    const known: PlanAdapter = { ...entry, ports: entry.ports ?? portsOfAdapter(entry.name) }
    const runs = planScenarios(known, selected)
    const scenarios = runs.filter((s) => s.scenario.port === port)
    const entries = plan.noExpectations ? [] : (entry.expectations ?? expectationsFor(entry.name))
    const listedHere = entry.expectations !== undefined && !plan.noExpectations && runs[0]?.scenario.port === port
    if (scenarios.length === 0 && !listedHere) continue
    const adapters = new Map<number | undefined, Adapter>()
    const adapterFor = (timeoutMs: number | undefined) => {
      if (!adapters.has(timeoutMs)) adapters.set(timeoutMs, resolvePlanAdapter(entry, { timeoutMs }))
      return adapters.get(timeoutMs)!
    }
    const live = entries.filter((e) => !isExpired(e, day))
    describe(entry.name, () => {
      if (listedHere) {
        test('known-failing and known-flaky lists', () => {
          const problems = checkExpectationList(entries, all, day)
          if (problems.length > 0) throw new Error(problems.join('\n'))
        })
      }
      for (const loaded of scenarios) {
        const flaky = live.some((e) => e.kind === 'flaky' && entryMatches(e, loaded.id))
        const retries = flaky ? (entry.flakyRetries ?? 2) : 0
        test(loaded.id, { retry: retries }, async ({ task }) => {
          const adapter = adapterFor(callTimeout(loaded.scenario, plan.timeoutMs))
          const outcome: RunOutcome = await replayScenario(loaded, {
            adapter,
            pool,
            expectations: live,
            noExpectations: plan.noExpectations,
            keepHistories: plan.keepHistories,
            ...(entry.select ? { select: entry.select } : {}),
            ...(plan.scenarioDir ? { scenarioDir: plan.scenarioDir } : {}),
          })
          const meta = task.meta as Record<string, unknown> & { kitAttempts?: RunOutcome['verdict'][] }
          if (flaky) {
            meta.kitAttempts = [...(meta.kitAttempts ?? []), outcome.verdict]
            const onlyFlaky = outcome.contracts.some((c) => c.expectedBy?.kind === 'flaky')
            if (meta.kitAttempts.length > 1) outcome.attempts = meta.kitAttempts
            // a broken attempt excused only as flaky is run again while retries are left: vitest retries a failed test
            if (onlyFlaky && outcome.verdict === 'expected-broken' && (task.result?.retryCount ?? 0) < retries) {
              throw new Error(`${loaded.id} on ${entry.name}: broken on attempt ${meta.kitAttempts.length} (known flaky): running it again`)
            }
          }
          meta.kit = outcome
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
