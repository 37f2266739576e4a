import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { afterAll } from 'vitest'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { adapterNamed } from '#harness/api/adapter-named.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { today } from '#harness/expectations/expiry.ts'
import { parseKnownFailing, type KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { planScenarios } from '#harness/runner/plan-scenarios.ts'
import { loadScenarios, type LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { declareAdapterTests, type SuiteContext } from '#harness/suite/declare-adapter-tests.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { isTimeScale, maxTimeScale, runTimeScale } from '#harness/timing/time-scale.ts'

/** What a contract suite in a user's own vitest project runs: their adapters × the kit's scenarios and their own. */
export interface ContractSuiteOptions {
  /** The implementations under test: adapters (createInProcessAdapter, createStdioAdapter, …) or `--adapter` names. */
  adapters: ReadonlyArray<Adapter | string>
  /** Which of the kit's bundled scenarios run, as `--scenario` patterns (`pager/**`); default all of the adapters' ports; `false` none. */
  bundled?: readonly string[] | false
  /** A folder of your own scenario files, run as well (relative paths are from the current directory). */
  scenarioDir?: string
  /** Your known-failing and known-flaky list (docs/expectations.md), applied to every adapter; checked by a test of its own. */
  knownFailing?: string
  /** How long one call may take, in milliseconds (the scenario's own limit wins where it sets one). */
  timeoutMs?: number
  /** Keep the History of every run in the reports, held ones included. */
  keepHistories?: boolean
  /** Every duration a scenario gives is multiplied by this (default: CONTRACT_KIT_TIME_SCALE, else 1); a run unknown only because of time runs again at 2×, then 4×. */
  timeScale?: number
}

/**
 * Declares the contract suite inside a vitest test file (top-level `await contractSuite({...})`): one describe block
 * per adapter and scenario source, one test per scenario of the ports the adapter offers, failing unless the verdict is
 * held or expected-broken. Add `ContractReporter` to vitest's reporters for the kit's results.json, junit.xml and summary.md.
 */
export async function contractSuite(options: ContractSuiteOptions): Promise<void> {
  if (options.timeScale !== undefined && !isTimeScale(options.timeScale)) throw new RangeError(`contractSuite: timeScale: expected a number from 1 to ${maxTimeScale} with at most three decimals, got ${options.timeScale}`)
  const sources: Array<{ scenarios: LoadedScenario[]; scenarioDir?: string }> = []
  if (options.bundled !== false) sources.push({ scenarios: selectScenarios(await loadScenarios(scenarioRoot), options.bundled ?? []) })
  if (options.scenarioDir !== undefined) {
    const scenarioDir = resolve(options.scenarioDir)
    sources.push({ scenarios: await loadScenarios(scenarioDir), scenarioDir })
  }
  const entries: KnownFailingEntry[] = options.knownFailing === undefined ? [] : parseKnownFailing(readFileSync(options.knownFailing, 'utf8'), options.knownFailing)
  const pool = new ConnectionPool()
  afterAll(async () => {
    await pool.closeAll()
    await closeKitSnapshotter()
  })
  for (const given of options.adapters) {
    const named = typeof given === 'string'
    const adapters = new Map<number | undefined, Adapter>()
    const first = named ? await adapterNamed(given, { timeoutMs: options.timeoutMs }) : given
    // a name is resolved again for each call timeout a scenario asks for (loaded above); an adapter object keeps its own
    const adapterFor = (timeoutMs: number | undefined): Adapter => {
      if (!named) return given
      if (!adapters.has(timeoutMs)) adapters.set(timeoutMs, resolveAdapter(given, { timeoutMs }))
      return adapters.get(timeoutMs)!
    }
    const ports = await portsOffered(first)
    for (const [index, source] of sources.entries()) {
      const scenarios = planScenarios({ name: first.name, ports }, source.scenarios)
      const context: SuiteContext = { pool, day: today(), ...(options.keepHistories ? { keepHistories: true } : {}), ...(source.scenarioDir ? { scenarioDir: source.scenarioDir } : {}), ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}), timeScale: options.timeScale ?? runTimeScale(undefined) }
      const checkList = index === sources.length - 1 && options.knownFailing !== undefined
      const reproduce = named ? {} : { reproduce: (id: string) => `npx vitest run -t ${shellWord(id)}` } // an adapter object has no --adapter name
      declareAdapterTests({ name: first.name, adapterFor, scenarios, entries, ...reproduce, ...(checkList ? { checkListAgainst: sources.flatMap((s) => s.scenarios) } : {}) }, context)
    }
  }
}

/** The ports an adapter's implementation says it offers (its handshake); an implementation that cannot start is an error here. */
async function portsOffered(adapter: Adapter): Promise<PortName[]> {
  const connection = await adapter.open()
  try {
    return connection.system.ports
  } finally {
    await connection.close()
  }
}
