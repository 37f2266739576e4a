import { afterAll } from 'vitest'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { bundledSystemOf, resolvePlanAdapter } from '#harness/adapters/index.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { today } from '#harness/expectations/expiry.ts'
import { listScenarioFiles, loadScenarioFiles } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { readRunPlan } from '#harness/runner/run-plan.ts'
import type { PlanAdapter } from '#harness/runner/run-plan.ts'
import { planScenarios } from '#harness/runner/plan-scenarios.ts'
import { declareAdapterTests, type SuiteContext } from '#harness/suite/declare-adapter-tests.ts'
import { runTimeScale } from '#harness/timing/time-scale.ts'
import { isTimingBound } from '#harness/timing/timing-bound.ts'
import { timingBoundSuite } from '#harness/timing/timing-bound-suite.ts'
import { inSuitePart, readSuitePart } from '#harness/suite/suite-part.ts'

/**
 * Declares one vitest test per selected scenario of `port` × adapter of the run plan — those whose verdict does not
 * depend on time; with `timing-bound`, the timing-bound runs of every port instead (their own suite, which the kit runs
 * alone, one test at a time, after every other). Each test replays the scenario, keeps its outcome in the test's meta
 * (for the kit's reporters), and fails unless the verdict is held or expected-broken. A profile's list is checked
 * once, in its first port's suite. Split into parts (`CONTRACT_KIT_SUITE_PART`), a file declares only its part's runs.
 */
export async function defineContractSuite(port: PortName | typeof timingBoundSuite): Promise<void> {
  const plan = await readRunPlan()
  const root = plan.scenarioDir ?? scenarioRoot
  // the CLI validated every file before the run: read only the selected ones (the lists are checked against every id)
  const all = await listScenarioFiles(root)
  const selected = await loadScenarioFiles(selectScenarios(all, plan.scenarios), root)
  const pool = new ConnectionPool({ fresh: plan.freshConnections ?? false })
  const day = today()
  const timeScale = plan.timeScale ?? runTimeScale(undefined)
  // split into parts (the kit's own npm test), a file declares every n-th run of each adapter, from the k-th, shifted by
  // one for each adapter: the same heavy scenario on three adapters goes to three parts, not one
  const part = readSuitePart()
  const context: SuiteContext = { pool, noExpectations: plan.noExpectations, keepHistories: plan.keepHistories, day, timeScale, ...(plan.scenarioDir ? { scenarioDir: plan.scenarioDir } : {}), ...(plan.timeoutMs ? { timeoutMs: plan.timeoutMs } : {}), ...(plan.historyDir ? { historyDir: plan.historyDir } : {}) }
  afterAll(async () => {
    await pool.closeAll()
    await closeKitSnapshotter()
  })
  for (const [a, entry] of plan.adapters.entries()) {
    const known: PlanAdapter = { ...entry, ports: entry.ports ?? portsOfAdapter(entry.name) }
    const runs = planScenarios(known, selected)
    const scenarios = runs.filter((s) => (port === timingBoundSuite ? isTimingBound(s.exercises) : s.scenario.port === port && !isTimingBound(s.exercises))).filter((_, i) => inSuitePart(part, i + a))
    const entries = plan.noExpectations ? [] : (entry.expectations ?? expectationsFor(entry.name))
    const listedHere = entry.expectations !== undefined && !plan.noExpectations && runs[0]?.scenario.port === port && part.k === 1
    if (scenarios.length === 0 && !listedHere) continue
    const adapters = new Map<number | undefined, Adapter>()
    const adapterFor = (timeoutMs: number | undefined) => {
      if (!adapters.has(timeoutMs)) adapters.set(timeoutMs, resolvePlanAdapter(entry, { timeoutMs }))
      return adapters.get(timeoutMs)!
    }
    declareAdapterTests(
      { name: entry.name, adapterFor, scenarios, entries, ...(listedHere ? { checkListAgainst: all } : {}), ...(entry.flakyRetries !== undefined ? { flakyRetries: entry.flakyRetries } : {}), ...(entry.timeScale !== undefined ? { timeScale: entry.timeScale } : {}), ...(entry.select ? { select: entry.select } : {}) },
      context,
    )
  }
}

function portsOfAdapter(name: string): string[] | undefined {
  const system = bundledSystemOf(name)
  return system === undefined ? undefined : [portOfBundled(system)]
}
