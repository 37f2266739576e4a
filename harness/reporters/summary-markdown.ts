import type { RunResults } from '#harness/reporters/run-results.ts'
import { verdictOrder } from '#harness/reporters/run-results.ts'

const marks: Record<string, string> = { held: '✅ held', 'expected-broken': '☑️ expected-broken', broken: '❌ broken', 'unexpected-held': '⚠️ unexpected-held', error: '💥 error', untestable: '🚫 untestable' }

/** results.json as Markdown for a CI step summary: the counts, a scenario × adapter table, and every failure with its witness and reproduce command. */
export function summaryMarkdown(results: RunResults): string {
  const lines = [`# contract-kit: ${results.passed ? 'passed' : 'FAILED'}`, '']
  lines.push(`${results.counts.runs} runs: ${verdictOrder.map((v) => `${results.counts[v]} ${v}`).join(', ')}.`, '')
  const adapters = [...new Set(results.runs.map((r) => r.adapter))]
  const scenarios = [...new Set(results.runs.map((r) => r.scenario))].sort()
  if (adapters.length > 0) {
    lines.push(`| scenario | ${adapters.map(cell).join(' | ')} |`, `|---|${adapters.map(() => '---').join('|')}|`)
    for (const s of scenarios) {
      const row = adapters.map((a) => {
        const run = results.runs.find((r) => r.adapter === a && r.scenario === s)
        return run ? `${marks[run.verdict]}${run.attempts ? ` (${run.attempts.length} attempts)` : ''}` : '—'
      })
      lines.push(`| ${cell(s)} | ${row.join(' | ')} |`)
    }
    lines.push('')
  }
  const failing = results.runs.filter((r) => r.verdict === 'broken' || r.verdict === 'unexpected-held' || r.verdict === 'error' || r.verdict === 'untestable')
  if (failing.length > 0) lines.push('## Failures', '')
  for (const run of failing) {
    lines.push(`### ${cell(run.scenario)} on ${cell(run.adapter)}: ${run.verdict}`, '')
    for (const c of run.contracts) {
      if (c.verdict === 'broken' && !c.expectedBy) lines.push(`- **${c.id}** broken: ${cell(c.message)}`)
      if (c.verdict === 'unknown') lines.push(`- **${c.id}** unknown: ${cell(c.reason)}`)
    }
    for (const s of run.stale) lines.push(`- stale known-failing entry \`${s.pattern}\` (${s.source}): it held`)
    if (run.error) lines.push(`- error: ${cell(run.error.message)}`)
    if (run.history) lines.push(`- History: \`${run.history}\``)
    lines.push('', 'Reproduce with:', '', '```sh', run.reproduce, '```', '')
  }
  const flaky = results.runs.filter((r) => r.attempts || r.contracts.some((c) => c.expectedBy?.kind === 'flaky'))
  if (flaky.length > 0) lines.push('## Known flaky', '')
  for (const run of flaky) {
    const tries = run.attempts ? `ran ${run.attempts.length} times (${run.attempts.join(', ')})` : 'ran once'
    const entries = [...new Set(run.contracts.flatMap((c) => (c.expectedBy?.kind === 'flaky' ? [`\`${c.expectedBy.pattern}\` (${c.expectedBy.source})`] : [])))]
    lines.push(`- ${cell(run.scenario)} on ${cell(run.adapter)}: ${run.verdict}, ${tries}${entries.length > 0 ? `; excused by ${entries.join(', ')}` : ''}`)
  }
  if (flaky.length > 0) lines.push('')
  if (results.errors.length > 0) lines.push('## Kit errors', '')
  for (const e of results.errors) lines.push(`- ${cell(e)}`)
  return lines.join('\n') + '\n'
}

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\s*\n\s*/g, ' ')
}
