import { rmSync } from 'node:fs'
import { resolve } from 'node:path'
import { contractsVitestOptions, suiteFileOf } from '#harness/runner/contracts-vitest-options.ts'
import { KitReporter } from '#harness/reporters/kit-reporter.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { runPlanVariable } from '#harness/runner/run-plan.ts'
import type { RunPlan } from '#harness/runner/run-plan.ts'


/** Where shards leave their blob reports unless told otherwise (vitest's own default, relative to the current directory). */
export const defaultBlobDir = '.vitest-reports'

/** How a plan is run: where reports go and how much is printed. */
export interface ExecuteOptions {
  /** The reports folder (results.json, junit.xml, summary.md, histories/). */
  outDir: string
  /** The ports that have runs: only their suite files are loaded (a suite file that declares no test is an error to vitest). */
  ports: readonly string[]
  /** Print nothing while running (no vitest progress, no kit summary; a shard still says where its blob went): the caller prints its own view. */
  quiet?: boolean
  /**
   * Run only this part of the suite files (vitest's `--shard`, 1-based: 1 ≤ index ≤ count) and also write a blob report,
   * `blob-<index>-<count>.json`, that `mergeShards` joins with the other parts. vitest shards test files, one per port,
   * so every shard must be given the same plan and ports; a shard left without a file passes with no tests.
   */
  shard?: { index: number; count: number }
  /** The folder a shard writes its blob into (default `.vitest-reports` under the current directory). */
  blobDir?: string
}

/**
 * Runs a plan's scenarios × adapters as vitest tests in the `contracts` project and returns the results the kit's reporter
 * wrote; with `shard`, runs one part of them and writes that part's results and its blob report.
 */
export async function executePlan(plan: RunPlan, options: ExecuteOptions): Promise<RunResults> {
  const reporter = new KitReporter(resolve(options.outDir), { quiet: options.quiet })
  const { shard } = options
  if (shard && !(Number.isInteger(shard.index) && Number.isInteger(shard.count) && shard.index >= 1 && shard.index <= shard.count)) {
    throw new RangeError(`shard ${shard.index}/${shard.count}: expected 1 ≤ index ≤ count, whole numbers`)
  }
  const blobFile = shard && resolve(options.blobDir ?? defaultBlobDir, `blob-${shard.index}-${shard.count}.json`)
  if (blobFile) rmSync(blobFile, { force: true }) // a shard that dies now leaves no blob behind, and the merge notices
  const previous = process.env[runPlanVariable]
  process.env[runPlanVariable] = JSON.stringify(plan)
  try {
    const { startVitest } = await import('vitest/node') // loaded only when a run starts: it takes a second or so
    const suites = [...new Set(options.ports)].sort().map(suiteFileOf)
    const vitest = await startVitest('test', suites, {
      ...contractsVitestOptions(),
      reporters: [...(options.quiet ? [] : ['default' as const]), reporter, ...(blobFile ? [['blob', { outputFile: blobFile }] as ['blob', { outputFile: string }]] : [])],
      ...(shard ? { shard: `${shard.index}/${shard.count}`, passWithNoTests: true } : {}),
    })
    await vitest.close()
  } finally {
    if (previous === undefined) delete process.env[runPlanVariable]
    else process.env[runPlanVariable] = previous
  }
  if (!reporter.results) throw new Error('the run ended without results: vitest did not finish the run')
  return reporter.results
}
