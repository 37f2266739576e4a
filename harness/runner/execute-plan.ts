import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { KitReporter } from '#harness/reporters/kit-reporter.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { runPlanVariable } from '#harness/runner/run-plan.ts'
import type { RunPlan } from '#harness/runner/run-plan.ts'

const packageRoot = fileURLToPath(new URL('../../', import.meta.url))

/** How a plan is run: where reports go and how much is printed. */
export interface ExecuteOptions {
  /** The reports folder (results.json, junit.xml, summary.md, histories/). */
  outDir: string
  /** The ports that have runs: only their suite files are loaded (a suite file that declares no test is an error to vitest). */
  ports: readonly string[]
  /** Print nothing while running (no vitest progress, no kit summary): the caller prints its own view. */
  quiet?: boolean
}

/** Runs a plan's scenarios × adapters as vitest tests in the `contracts` project and returns the results the kit's reporter wrote. */
export async function executePlan(plan: RunPlan, options: ExecuteOptions): Promise<RunResults> {
  const reporter = new KitReporter(resolve(options.outDir), { quiet: options.quiet })
  const previous = process.env[runPlanVariable]
  process.env[runPlanVariable] = JSON.stringify(plan)
  try {
    const { startVitest } = await import('vitest/node') // loaded only when a run starts: it takes a second or so
    const suites = [...new Set(options.ports)].map((port) => `harness/suite/${port}.suite.ts`)
    const vitest = await startVitest('test', suites, {
      root: packageRoot,
      config: resolve(packageRoot, 'vitest.config.ts'),
      project: ['contracts'],
      watch: false,
      reporters: options.quiet ? [reporter] : ['default', reporter],
    })
    await vitest.close()
  } finally {
    if (previous === undefined) delete process.env[runPlanVariable]
    else process.env[runPlanVariable] = previous
  }
  if (!reporter.results) throw new Error('the run ended without results: vitest did not finish the run')
  return reporter.results
}
