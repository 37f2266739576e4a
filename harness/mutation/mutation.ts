import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { packageRoot } from '#harness/package/package-root.ts'
import { mutationTargets } from '#harness/mutation/mutation-targets.ts'
import { mutationReportFolder } from '#harness/mutation/stryker-options.ts'
import type { MutationSummary } from '#harness/mutation/mutation-summary.ts'
import { mutationTable, type TargetOutcome } from '#harness/mutation/mutation-table.ts'

const runTarget = fileURLToPath(new URL('./run-target.ts', import.meta.url))

/**
 * `npm run mutation [-- <target>...] [--summarize]`: StrykerJS on every bundled reference (or the named ones), one after
 * another, each in a process of its own; prints a line per reference and writes `reports/mutation/summary.md` and
 * `summary.json`. With `--summarize`, Stryker does not run: the last reports are read again against docs/mutation.md.
 * Exits 1 when a run failed or a survivor is neither killed nor explained (a score under 95 % is marked ✗ in the table).
 */
async function main(): Promise<number> {
  const args = process.argv.slice(2)
  const summarizeOnly = args.includes('--summarize')
  const names = args.filter((arg) => arg !== '--summarize')
  const unknown = names.filter((name) => !mutationTargets.some((t) => t.name === name))
  if (unknown.length > 0) {
    process.stderr.write(`mutation: unknown target ${unknown.join(', ')} (targets: ${mutationTargets.map((t) => t.name).join(', ')})\n`)
    return 2
  }
  const outcomes: TargetOutcome[] = []
  for (const target of mutationTargets.filter((t) => names.length === 0 || names.includes(t.name))) {
    process.stderr.write(`mutation: ${target.name} (${target.adapters.join(', ')})…\n`)
    const summaryFile = join(packageRoot, mutationReportFolder(target), 'summary.json')
    if (!summarizeOnly) rmSync(summaryFile, { force: true })
    const run = spawnSync(process.execPath, ['--import', 'tsx', runTarget, target.name, ...(summarizeOnly ? ['--summarize'] : [])], { cwd: packageRoot, stdio: 'inherit' })
    if (run.status === 0 && existsSync(summaryFile)) outcomes.push({ target: target.name, summary: JSON.parse(readFileSync(summaryFile, 'utf8')) as MutationSummary })
    else if (summarizeOnly && !existsSync(join(packageRoot, mutationReportFolder(target), 'mutation.json'))) outcomes.push({ target: target.name, failed: 'no report to read: run it first (without --summarize)' })
    else outcomes.push({ target: target.name, failed: `${summarizeOnly ? 'reading its report' : 'Stryker'} exited ${run.status ?? run.signal}` })
  }
  const table = mutationTable(outcomes)
  process.stdout.write(`\n${table}\n`)
  const folder = join(packageRoot, 'reports', 'mutation')
  mkdirSync(folder, { recursive: true })
  writeFileSync(join(folder, 'summary.md'), `${table}\n`)
  writeFileSync(join(folder, 'summary.json'), `${JSON.stringify(outcomes, null, 2)}\n`)
  return outcomes.every((o) => 'summary' in o && o.summary.explained === o.summary.survivors.length && (o.summary.contradicted ?? []).length === 0) ? 0 : 1
}

process.exitCode = await main()
