import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import type { Vitest } from 'vitest/node'
import { contractsVitestOptions, suiteFileOf } from '#harness/runner/contracts-vitest-options.ts'
import { KitReporter } from '#harness/reporters/kit-reporter.ts'
import type { NotRun, RunResults } from '#harness/reporters/run-results.ts'
import type { Interruption } from '#harness/runner/interruption.ts'
import { silencedWhenInterrupted } from '#harness/runner/silenced-when-interrupted.ts'
import { runPlanVariable } from '#harness/runner/run-plan.ts'
import type { RunPlan } from '#harness/runner/run-plan.ts'


/** The signals vitest's own logger handles by exiting the process. */
const vitestSignals = ['SIGINT', 'SIGTERM'] as const

/** Where shards leave their blob reports unless told otherwise (vitest's own default, relative to the current directory). */
export const defaultBlobDir = '.vitest-reports'

/** How a plan is run: where reports go and how much is printed. */
export interface ExecuteOptions {
  /** The reports folder (results.json, junit.xml, summary.md, histories/). */
  outDir: string
  /**
   * The contract suites that have runs — ports, and `timing-bound` — only their suite files are loaded (a suite file
   * that declares no test is an error to vitest).
   */
  suites: readonly string[]
  /** Print nothing while running (no vitest progress, no kit summary; a shard still says where its blob went): the caller prints its own view. */
  quiet?: boolean
  /**
   * Run only this part of the suite files (vitest's `--shard`, 1-based: 1 ≤ index ≤ count) and also write a blob report,
   * `blob-<index>-<count>.json`, that `mergeShards` joins with the other parts. vitest shards test files, one per suite,
   * so every shard must be given the same plan and ports; a shard left without a file passes with no tests.
   */
  shard?: { index: number; count: number }
  /** The folder a shard writes its blob into (default `.vitest-reports` under the current directory). */
  blobDir?: string
  /**
   * Stops the run on an interruption: vitest starts no more tests, every process the kit started is ended, and the reports
   * are written at once from the runs that finished before it, with the `planned` runs that did not run. The run's own
   * signal handling replaces vitest's (which would exit the process before any of that).
   */
  interruption?: Interruption
  /** Every run the plan holds (adapter, scenario, reproduce command): what an interrupted run did not run is taken from it. */
  planned?: readonly NotRun[]
  /** The run's time scale, for the reports (default: the plan's, else 1). */
  timeScale?: number
}

/**
 * Runs a plan's scenarios × adapters as vitest tests in the `contracts` project and returns the results the kit's reporter
 * wrote; with `shard`, runs one part of them and writes that part's results and its blob report.
 */
export async function executePlan(plan: RunPlan, options: ExecuteOptions): Promise<RunResults> {
  const reporter = new KitReporter(resolve(options.outDir), { quiet: options.quiet, planned: options.planned, timeScale: options.timeScale ?? plan.timeScale ?? 1 })
  const { shard, interruption } = options
  if (shard && !(Number.isInteger(shard.index) && Number.isInteger(shard.count) && shard.index >= 1 && shard.index <= shard.count)) {
    throw new RangeError(`shard ${shard.index}/${shard.count}: expected 1 ≤ index ≤ count, whole numbers`)
  }
  const blobFile = shard && resolve(options.blobDir ?? defaultBlobDir, `blob-${shard.index}-${shard.count}.json`)
  if (blobFile) rmSync(blobFile, { force: true }) // a shard that dies now leaves no blob behind, and the merge notices
  const previous = process.env[runPlanVariable]
  // a run's workers write the Histories they keep into its reports folder as they go; a shard's travel in its blob
  process.env[runPlanVariable] = JSON.stringify(shard ? plan : { ...plan, historyDir: resolve(options.outDir) })
  let vitest: Vitest | undefined
  const signalListeners = interruption ? vitestSignals.map((s) => process.listeners(s)) : []
  const stopping = new Promise<void>((stop) =>
    interruption?.onInterrupt((signal) => {
      reporter.interrupt(signal)
      vitest?.cancelCurrentRun('keyboard-input').catch(() => undefined)
      stop()
    }),
  )
  const onInit = (started: Vitest) => {
    vitest = started
    // vitest's own SIGINT and SIGTERM handlers exit the process a millisecond later: the interruption does it instead
    if (interruption) vitestSignals.forEach((s, i) => process.listeners(s).filter((l) => !signalListeners[i].includes(l)).forEach((l) => process.off(s, l)))
    if (interruption?.signal) started.cancelCurrentRun('keyboard-input').catch(() => undefined)
  }
  try {
    const { startVitest, DefaultReporter } = await import('vitest/node') // loaded only when a run starts: it takes a second or so
    const shown = interruption ? silencedWhenInterrupted(new DefaultReporter(), () => interruption.signal !== undefined) : ('default' as const)
    const suites = [...new Set(options.suites)].sort().map(suiteFileOf)
    const running = interruption?.signal
      ? Promise.resolve()
      : startVitest('test', suites, {
          ...contractsVitestOptions(),
          reporters: [...(options.quiet ? [] : [shown]), { onInit }, reporter, ...(blobFile ? [['blob', { outputFile: blobFile }] as ['blob', { outputFile: string }]] : [])],
          ...(shard ? { shard: `${shard.index}/${shard.count}`, passWithNoTests: true } : {}),
        }).then((v) => v.close())
    await Promise.race([running, stopping])
    if (interruption?.signal) {
      running.catch(() => undefined) // a run torn down may fail on its way out: the reports say what ran
      await interruption.stopped()
      if (blobFile) rmSync(blobFile, { force: true }) // a blob of part of a shard must not pass for the whole shard
      return reporter.writeInterrupted()
    }
  } finally {
    if (previous === undefined) delete process.env[runPlanVariable]
    else process.env[runPlanVariable] = previous
  }
  if (!reporter.results) throw new Error('the run ended without results: vitest did not finish the run')
  return reporter.results
}
