import { resultLine } from '#harness/contracts/contract.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { junitNotRun } from '#harness/reporters/junit-not-run.ts'

/**
 * results.json as JUnit XML for CI: a test suite per adapter, a test case per scenario; a broken or stale run fails, an
 * adapter failure or an exercised contract left unjudged errs. Every test case lists each contract's result on a line —
 * the evidence of a held one, the message of a broken one, why one was not judged — in its failure, error or system-out.
 */
export function junitXml(results: RunResults): string {
  const byAdapter = new Map<string, RunResults['runs']>()
  for (const run of results.runs) byAdapter.set(run.adapter, [...(byAdapter.get(run.adapter) ?? []), run])
  const failures = (runs: RunResults['runs']) => runs.filter((r) => r.verdict === 'broken' || r.verdict === 'unexpected-held').length
  const errors = (runs: RunResults['runs']) => runs.filter((r) => r.verdict === 'error' || r.verdict === 'untestable').length
  const kitCase = results.errors.length > 0 ? 1 : 0
  const notRun = results.interrupted ? (results.notRun?.length ?? 0) : 0
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="contract-kit" tests="${results.runs.length + kitCase + notRun}" failures="${failures(results.runs)}" errors="${errors(results.runs) + kitCase}"${results.interrupted ? ` skipped="${notRun}"` : ''}>`,
  ]
  for (const [adapter, runs] of byAdapter) {
    lines.push(`  <testsuite name="${esc(adapter)}" tests="${runs.length}" failures="${failures(runs)}" errors="${errors(runs)}">`)
    for (const run of runs) {
      lines.push(`    <testcase classname="${esc(adapter)}" name="${esc(run.scenario)}">`)
      const detail = [
        ...run.contracts.map((c) => `${c.id}: ${c.verdict}${c.exercised ? ' (exercised)' : ''} — ${resultLine(c)}${c.verdict === 'broken' && c.expectedBy ? ` (expected: ${c.expectedBy.reason})` : ''}`),
        ...run.stale.map((s) => `stale known-failing entry ${s.pattern} (${s.source}): it excuses nothing that broke`),
        `Reproduce with: ${run.reproduce}`,
      ].join('\n')
      if (run.verdict === 'broken' || run.verdict === 'unexpected-held') lines.push(`      <failure message="${esc(`${run.verdict}: ${firstProblem(run)}`)}" type="${run.verdict}">${esc(detail)}</failure>`)
      if (run.verdict === 'error' || run.verdict === 'untestable') lines.push(`      <error message="${esc(run.error?.message ?? 'error')}" type="${run.verdict}">${esc(`${detail}\n${run.error?.stderr ?? ''}`)}</error>`)
      if (run.verdict === 'expected-broken' || run.verdict === 'held') lines.push(`      <system-out>${esc(`${run.verdict}\n${detail}`)}</system-out>`)
      lines.push('    </testcase>')
    }
    lines.push('  </testsuite>')
  }
  if (results.errors.length > 0) {
    lines.push(`  <testsuite name="contract-kit" tests="1" failures="0" errors="1">`, `    <testcase classname="contract-kit" name="run">`)
    lines.push(`      <error message="${esc(results.errors[0])}" type="error">${esc(results.errors.join('\n'))}</error>`, '    </testcase>', '  </testsuite>')
  }
  lines.push(...junitNotRun(results, esc), '</testsuites>', '')
  return lines.join('\n')
}

function firstProblem(run: RunResults['runs'][number]): string {
  const c = run.contracts.find((c) => c.verdict === 'broken' && !c.expectedBy)
  if (c && c.verdict === 'broken') return `${c.id}: ${c.message}`
  return run.stale[0] ? `stale entry ${run.stale[0].pattern}` : run.verdict
}

/**
 * Text for XML character data or an attribute: markup escaped, and every character XML 1.0 forbids (C0 controls but
 * tab, line feed and carriage return; U+FFFE, U+FFFF; an unpaired surrogate) shown as `\u{…}` — as summary.md shows
 * them — so an implementation's escape sequences stay visible without making the report unreadable.
 */
function esc(text: string): string {
  return text
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}
