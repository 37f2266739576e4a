import { resolveAdapter, bundledSystemOf } from '#harness/adapters/index.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { executePlan } from '#harness/runner/execute-plan.ts'
import type { PlanAdapter, RunPlan } from '#harness/runner/run-plan.ts'
import { missingCapabilities, planScenarios } from '#harness/runner/plan-scenarios.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { bundledProfiles } from '#harness/profiles/bundled-profiles.ts'
import { planAdapterOfProfile } from '#harness/profiles/plan-adapter-of-profile.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { parseFlags, selectionOptions, selectRun } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { checkReporter, githubReportAfter, reporterOption } from '#harness/cli/github-report.ts'
import { decimalFlag, maxTimerMs } from '#harness/cli/decimal-flag.ts'
import { checkOutDir } from '#harness/cli/check-out-dir.ts'
import { watchSignals } from '#harness/cli/watch-signals.ts'
import { Interruption } from '#harness/runner/interruption.ts'
import { useRunTempFolder } from '#harness/runner/run-temp-folder.ts'
import { claimReportFolder } from '#harness/runner/report-folder.ts'
import { reproduceCommand } from '#harness/runner/reproduce-command.ts'
import type { NotRun } from '#harness/reporters/run-results.ts'
import { runTimeScale } from '#harness/timing/time-scale.ts'
import { suiteOf } from '#harness/timing/timing-bound.ts'

/** The flags of `run` (and of `baseline`, which runs a profile the same way). */
export const runOptions = {
  ...selectionOptions,
  profile: { type: 'string', multiple: true },
  out: { type: 'string', default: 'reports' },
  'no-expectations': { type: 'boolean', default: false },
  'keep-histories': { type: 'boolean', default: false },
  timeout: { type: 'string' },
  'time-scale': { type: 'string' },
} as const

/**
 * `contract-kit run`: checks the selection (exit 2 when it is bad or empty), asks each stdio implementation which ports
 * it offers, then runs the selected scenarios × adapters as vitest tests and writes the reports. Exit 0, 1 or 2; on
 * SIGINT, SIGTERM or SIGHUP (or the parent gone: as SIGTERM) it stops, ends every process it started, writes reports
 * that say which runs did not run, and exits 130, 143 or 129. Everything it makes in the temporary folder is removed.
 */
export async function runCommand(args: string[]): Promise<number> {
  const { values } = parseFlags({ args, options: { ...runOptions, ...reporterOption, shard: { type: 'string' }, screenshot: { type: 'boolean', default: false } }, allowPositionals: false, strict: true })
  checkReporter(values.reporter) // bad usage before anything runs
  const shard = values.shard === undefined ? undefined : parseShard(values.shard)
  const interruption = new Interruption()
  const stopWatching = watchSignals(interruption)
  const temp = useRunTempFolder()
  try {
    return await runInterruptibly(values, shard, interruption)
  } finally {
    await interruption.stopped()
    stopWatching()
    temp.remove()
  }
}

async function runInterruptibly(values: RunValues, shard: { index: number; count: number } | undefined, interruption: Interruption): Promise<number> {
  let planned: Awaited<ReturnType<typeof planRun>>
  try {
    planned = await planRun(values)
  } catch (error) {
    if (interruption.exitCode === undefined) throw error
    return interruption.exitCode // stopped while asking the implementations their ports: nothing ran
  }
  const { plan, suites, runs } = planned
  checkOutDir('--out', values.out)
  const folder = claimReportFolder(values.out)
  interruption.onAbort(() => folder.abandon())
  const results = await executePlan(plan, { outDir: values.out, suites, ...(shard ? { shard } : {}), interruption, planned: runs, timeScale: plan.timeScale })
  folder.done()
  if (interruption.exitCode !== undefined) return interruption.exitCode
  // a shard's runs are annotated by the merge that joins them (once), unless --reporter github asks here
  if (!shard || values.reporter === 'github') githubReportAfter(results, { reporter: values.reporter, outDir: values.out, ...(plan.scenarioDir ? { scenarioDir: plan.scenarioDir } : {}) })
  if (values.screenshot) await (await import('#harness/reporters/matrix/keep-matrix-screenshot.ts')).keepMatrixScreenshot(values.out) // loads playwright-core only when asked
  if (shard && results.counts.runs === 0 && results.errors.length === 0) return 0 // vitest gave this shard no suite file
  return results.passed ? 0 : 1
}

/** `--shard I/N`: the part of the suite files (one per port) this run takes, as vitest's `--shard` (1 ≤ I ≤ N). */
function parseShard(text: string): { index: number; count: number } {
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(text)
  if (!match || Number(match[1]) > Number(match[2])) throw new UsageError(`--shard: expected I/N with 1 ≤ I ≤ N (2/3), got ${JSON.stringify(text)}`)
  return { index: Number(match[1]), count: Number(match[2]) }
}

/** The flags `planRun` reads. */
type RunValues = {
  adapter?: string[]
  scenario?: string[]
  'scenario-dir'?: string
  profile?: string[]
  out: string
  'no-expectations'?: boolean
  'keep-histories'?: boolean
  timeout?: string
  'time-scale'?: string
  screenshot?: boolean
  reporter?: string
}

/** Turns `run`'s flags into a plan, the contract suites that have runs and every run it holds; throws a UsageError when nothing would run. */
export async function planRun(values: Omit<RunValues, 'out'>): Promise<{ plan: RunPlan; suites: string[]; runs: NotRun[] }> {
  const timeoutMs = values.timeout === undefined ? undefined : decimalFlag('--timeout', values.timeout, { min: 1, max: maxTimerMs, what: 'a whole number of milliseconds' })
  const timeScale = runTimeScale(values['time-scale'])
  const profiles = (values.profile ?? []).map((file) => loadProfile(file))
  const defaults = values.adapter === undefined && profiles.length === 0
  const { scenarios, adapters, patterns, scenarioDir } = await selectRun({ ...values, adapter: values.adapter ?? (defaults ? undefined : []) })
  const noExpectations = values['no-expectations'] ?? false
  if (!noExpectations) for (const name of adapters) expectationsFor(name)
  const plan: RunPlan = { adapters: [], scenarios: patterns, ...(scenarioDir ? { scenarioDir } : {}), noExpectations, keepHistories: values['keep-histories'] ?? false, ...(timeoutMs ? { timeoutMs } : {}), timeScale }
  for (const name of adapters) plan.adapters.push({ name, ...(await declaredPorts(name, timeoutMs)) })
  for (const profile of [...(defaults ? bundledProfiles() : []), ...profiles]) plan.adapters.push(planAdapterOfProfile(profile))
  const names = plan.adapters.map((a) => a.name)
  const twice = names.find((name, i) => names.indexOf(name) !== i)
  if (twice !== undefined) throw new UsageError(`${twice} is selected twice: give each profile a different name`)
  const runs = plan.adapters.flatMap((a) => planScenarios(a, scenarios).map((s) => ({ adapter: a, s })))
  for (const a of plan.adapters) reportNotRun(a, selectScenarios(scenarios, a.scenarios ?? []))
  if (runs.length === 0) {
    throw new UsageError(`no selected scenario uses a port the selected adapters offer (${plan.adapters.map((a) => `${a.name}: ${a.ports?.join(', ') || 'none'}`).join('; ')})`)
  }
  return {
    plan,
    suites: suitesOfRuns(runs, plan.noExpectations),
    runs: runs.map(({ adapter, s }) => ({ adapter: adapter.name, scenario: s.id, reproduce: reproduceCommand(s.id, adapter.name, noExpectations, adapter.select, scenarioDir) })),
  }
}

/**
 * The contract suites a plan's runs are declared in: each port with a run whose verdict does not depend on time, the
 * port whose suite checks a profile's lists (that of its first run), and the timing-bound suite when a run's does.
 */
function suitesOfRuns(runs: ReadonlyArray<{ adapter: PlanAdapter; s: LoadedScenario }>, noExpectations: boolean): string[] {
  const suites = new Set(runs.map(({ s }) => suiteOf(s.scenario.port, s.exercises)))
  if (!noExpectations) for (const a of new Set(runs.map((r) => r.adapter))) if (a.expectations !== undefined) suites.add(runs.find((r) => r.adapter === a)!.s.scenario.port)
  return [...suites]
}

/** Says which scenarios of an adapter's ports are not run because it lacks a capability they need. */
function reportNotRun(adapter: PlanAdapter, scenarios: readonly LoadedScenario[]): void {
  const lacking = new Map<string, number>()
  for (const s of scenarios) {
    if (adapter.ports && !adapter.ports.includes(s.scenario.port)) continue
    for (const c of missingCapabilities(adapter, s)) lacking.set(c, (lacking.get(c) ?? 0) + 1)
  }
  for (const [capability, count] of lacking) console.error(`contract-kit: ${adapter.name}: ${count} scenario(s) not run: they need the capability ${capability}, which its profile does not list`)
}

/** The ports an adapter offers: a bundled system's own, or what a stdio implementation declares in its handshake (unknown if it fails: its runs then end in `error`). */
export async function declaredPorts(name: string, timeoutMs: number | undefined): Promise<{ ports?: string[] }> {
  const system = bundledSystemOf(name)
  if (system !== undefined) return { ports: [portOfBundled(system)] }
  try {
    const connection = await resolveAdapter(name, { timeoutMs }).open()
    const ports = connection.system.ports
    await connection.close()
    return { ports }
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    console.error(`contract-kit: ${name}: ${error.message}`)
    return {}
  }
}
