import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { Stryker } from '@stryker-mutator/core'
import { packageRoot } from '#harness/package/package-root.ts'
import { runPlanVariable, type RunPlan } from '#harness/runner/run-plan.ts'
import { mutationTargets, type MutationTarget } from '#harness/mutation/mutation-targets.ts'
import { mutationReportFolder, strykerOptionsOf } from '#harness/mutation/stryker-options.ts'
import { summarizeMutation, type MutationReport, type MutationSummary } from '#harness/mutation/mutation-summary.ts'
import { readEquivalentMutants } from '#harness/mutation/equivalent-mutants.ts'
import { survivorsMarkdown } from '#harness/mutation/survivors-markdown.ts'

/**
 * Runs Stryker on one target, in this process (`npm run mutation` starts one process per target): the run plan and the
 * suite files go to Stryker's test runners through the environment; then writes `summary.json` and `survivors.md`
 * beside Stryker's reports in `reports/mutation/<target>/` and returns the summary. With `summarizeOnly`, Stryker does
 * not run: the last run's JSON report is summarised again (after docs/mutation.md changed), with its date and wall time.
 */
export async function runMutationTarget(target: MutationTarget, options: { summarizeOnly?: boolean } = {}): Promise<MutationSummary> {
  const folder = join(packageRoot, mutationReportFolder(target))
  let date: string
  let wallSeconds: number
  if (options.summarizeOnly) {
    const last = join(folder, 'summary.json')
    const previous = existsSync(last) ? (JSON.parse(readFileSync(last, 'utf8')) as MutationSummary) : undefined
    date = previous?.date ?? 'unknown'
    wallSeconds = previous?.wallSeconds ?? 0
  } else {
    // a fresh connection per scenario: the reference is made in every test, so the code run in making it is covered by each
    const plan: RunPlan = { adapters: target.adapters.map((name) => ({ name })), scenarios: [], noExpectations: false, freshConnections: true }
    process.env[runPlanVariable] = JSON.stringify(plan)
    process.env.CONTRACT_KIT_MUTATION_SUITES = target.suites.join(',')
    process.chdir(packageRoot)
    mkdirSync(folder, { recursive: true })
    const started = Date.now()
    await new Stryker(strykerOptionsOf(target)).runMutationTest()
    wallSeconds = Math.round((Date.now() - started) / 1000)
    date = new Date(started).toISOString()
  }
  const report = JSON.parse(readFileSync(join(folder, 'mutation.json'), 'utf8')) as MutationReport
  const docs = join(packageRoot, 'docs', 'mutation.md')
  const listed = existsSync(docs) ? readEquivalentMutants(readFileSync(docs, 'utf8')) : []
  const summary = summarizeMutation(target.name, report, wallSeconds, date, listed)
  writeFileSync(join(folder, 'summary.json'), `${JSON.stringify(summary, null, 2)}\n`)
  writeFileSync(join(folder, 'survivors.md'), survivorsMarkdown(summary))
  return summary
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [name, flag] = process.argv.slice(2)
  const target = mutationTargets.find((t) => t.name === name)
  if (!target) {
    process.stderr.write(`run-target: expected a target (${mutationTargets.map((t) => t.name).join(', ')}), got ${JSON.stringify(name)}\n`)
    process.exit(2)
  }
  await runMutationTarget(target, { summarizeOnly: flag === '--summarize' })
}
