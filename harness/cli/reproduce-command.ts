import { join } from 'node:path'
import type { CommandStop } from '#harness/cli/stop-on-signal.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { bugPairs } from '#harness/bugs/bug-pairs.ts'
import { findBugPair } from '#harness/bugs/find-bug-pair.ts'
import { bugCases } from '#harness/bugs/bug-cases.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { reproductionPlan } from '#harness/bugs/reproduction-plan.ts'
import { sideBySide } from '#harness/bugs/side-by-side.ts'
import { reproductionVerdict } from '#harness/bugs/reproduction-verdict.ts'
import { formatReproduction } from '#harness/bugs/format-reproduction.ts'
import { executePlan } from '#harness/runner/execute-plan.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/**
 * `contract-kit reproduce BUG-ID [--out DIR]`: runs the bug's regression scenarios (those whose `reproduces:` names it)
 * against its pre-fix system and its reference in one run, expectations off, keeps the reports in DIR (default
 * reports/reproduce/<bug-id>), and prints the two side by side. Exit 0 when the pre-fix system breaks at least one
 * case and the reference holds every case, 1 otherwise, 2 bad usage.
 */
export async function reproduceCommand(args: string[], stop?: CommandStop): Promise<number> {
  const { values, positionals } = parseFlags({ args, options: { out: { type: 'string' } }, allowPositionals: true, strict: true })
  const known = bugPairs.map((p) => p.id).join(', ')
  if (positionals.length !== 1) {
    throw new UsageError(`reproduce: expected one bug id (${known}), got ${positionals.length === 0 ? 'none' : positionals.map((p) => JSON.stringify(p)).join(' ')}`)
  }
  const pair = findBugPair(positionals[0]!)
  if (!pair) throw new UsageError(`reproduce: unknown bug id ${JSON.stringify(positionals[0])}: expected one of ${known}`)
  await loadShippedSystems()
  const { cases, leftOut } = bugCases(await loadScenarios(scenarioRoot), pair)
  if (cases.length === 0) throw new UsageError(`reproduce: no bundled scenario says reproduces: ${pair.id}`)
  const outDir = values.out ?? join('reports', 'reproduce', pair.id)
  stop?.claim(outDir)
  const { plan, suites } = reproductionPlan(cases)
  console.error(`contract-kit: reproducing ${pair.id}: ${cases.length} cases on ${plan.adapters.map((a) => a.name).join(', ')}…`)
  const results = await executePlan(plan, { outDir, suites, quiet: true })
  const rows = sideBySide(cases, results.runs)
  const verdict = reproductionVerdict(rows)
  const width = Math.min(120, Math.max(80, process.stdout.columns ?? 110))
  console.log(formatReproduction({ pair, rows, leftOut, verdict, outDir, errors: results.errors }, width))
  return verdict.reproduced ? 0 : 1
}
