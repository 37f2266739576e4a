import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import type { ContractVerdict } from '#harness/contracts/contract.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { verdictOrder } from '#harness/reporters/run-results.ts'
import { matrixModel } from '#harness/reporters/matrix/matrix-model.ts'
import type { CellState, PortMatrix } from '#harness/reporters/matrix/matrix-model.ts'
import { tallyParts } from '#harness/reporters/matrix/tally-parts.ts'
import { interruptedLines } from '#harness/reporters/summary-interrupted.ts'
import { describeSettling } from '#harness/timing/settle-run.ts'

type Run = RunResults['runs'][number]

const marks: Record<string, string> = { held: '✅ held', 'expected-broken': '☑️ expected-broken', broken: '❌ broken', 'unexpected-held': '⚠️ unexpected-held', error: '💥 error', untestable: '🚫 untestable' }

/** A contract cell's mark, by its state (a cell whose every run had nothing to judge is ➖, never ✅). */
const cellMarks: Record<CellState, string> = { held: '✅', broken: '❌', 'expected-broken': '☑️', stale: '⚠️', unknown: '❓', 'not-applicable': '➖', 'not-run': '—' }

/** The four contract results, in the order the counts give them. */
const contractVerdicts: readonly ContractVerdict[] = ['held', 'broken', 'not-applicable', 'unknown']

/** The longest witness summary.md prints on one line; the rest is in results.json and the History. */
const witnessChars = 400

/** What `contract-kit explore` ran: one row per adapter and port — the seed, the cases, and the scenario file of what it found. */
function explorationLines(explorations: NonNullable<RunResults['explorations']>): string[] {
  const lines = ['## Exploration', '', '| adapter | port | seed | cases | found |', '|---|---|---|---|---|']
  for (const e of explorations) {
    const found = !e.found ? `✅ nothing${e.interrupted ? ' (time budget reached)' : ''}` : 'file' in e.found ? `❌ \`${e.found.file}\`` : `❌ at case ${e.found.at}, held replayed alone: it needs the cases before it`
    lines.push(`| ${cell(e.adapter)} | ${e.port} | ${e.seed} | ${e.cases} of ${e.runs} | ${found} |`)
  }
  return [...lines, '']
}

/**
 * results.json as Markdown for a CI step summary: the run and contract-result counts, a scenario × adapter table of run
 * verdicts, per port a contract × adapter table (held runs of the runs that judged it, not-applicable ones apart) with
 * why each not-applicable contract had nothing to judge, and every failure with its witness, the reason of each exercised
 * contract left unjudged, and its reproduce command.
 */
export function summaryMarkdown(results: RunResults): string {
  const lines = [`# contract-kit: ${results.interrupted ? 'INTERRUPTED' : results.passed ? 'passed' : 'FAILED'}`, '', ...interruptedLines(results, cell)]
  lines.push(`${results.counts.runs} runs at time scale ${results.timeScale ?? 1}: ${verdictOrder.map((v) => `${results.counts[v]} ${v}`).join(', ')}.`)
  const all = results.runs.flatMap((r) => r.contracts)
  if (all.length > 0) {
    const exercised = all.filter((c) => c.exercised).length
    lines.push(`${all.length} contract results (${exercised} exercised): ${contractVerdicts.map((v) => `${all.filter((c) => c.verdict === v).length} ${v}`).join(', ')}.`)
  }
  lines.push('')
  if (results.explorations?.length) lines.push(...explorationLines(results.explorations))
  const adapters = [...new Set(results.runs.map((r) => r.adapter))]
  const scenarios = [...new Set(results.runs.map((r) => r.scenario))].sort()
  if (adapters.length > 0) {
    lines.push(`| scenario | ${adapters.map(cell).join(' | ')} |`, `|---|${adapters.map(() => '---').join('|')}|`)
    for (const s of scenarios) {
      const row = adapters.map((a) => {
        const run = results.runs.find((r) => r.adapter === a && r.scenario === s)
        return run ? `${marks[run.verdict]}${run.attempts ? ` (${run.attempts.length} attempts)` : ''}${run.settling ? ` (attempt ${run.settling.length}, scale ${run.timeScale})` : ''}` : '—'
      })
      lines.push(`| ${cell(s)} | ${row.join(' | ')} |`)
    }
    lines.push('')
  }
  const ports = matrixModel(results)
  if (ports.length > 0) {
    lines.push('## Contracts', '', 'Each cell: the runs where the contract held, with evidence, of the runs that judged it; `n/a`: runs whose scenario gave it nothing to judge, never counted as held.', '')
    for (const port of ports) lines.push(...portLines(port))
  }
  const failing = results.runs.filter((r) => r.verdict === 'broken' || r.verdict === 'unexpected-held' || r.verdict === 'error' || r.verdict === 'untestable')
  if (failing.length > 0) lines.push('## Failures', '')
  for (const run of failing) lines.push(...failureLines(run))
  const flaky = results.runs.filter((r) => r.attempts || r.contracts.some((c) => c.expectedBy?.kind === 'flaky'))
  if (flaky.length > 0) lines.push('## Known flaky', '')
  for (const run of flaky) {
    const tries = run.attempts ? `ran ${run.attempts.length} times (${run.attempts.join(', ')})` : 'ran once'
    const entries = [...new Set(run.contracts.flatMap((c) => (c.expectedBy?.kind === 'flaky' ? [`\`${c.expectedBy.pattern}\` (${c.expectedBy.source})`] : [])))]
    lines.push(`- ${cell(run.scenario)} on ${cell(run.adapter)}: ${run.verdict}, ${tries}${entries.length > 0 ? `; excused by ${entries.join(', ')}` : ''}`)
  }
  if (flaky.length > 0) lines.push('')
  const settled = results.runs.filter((r) => r.settling)
  if (settled.length > 0) lines.push('## Run again because of time', '', 'Each run left unknown only because of when things happened ran again at twice, then four times the scale; the last attempt decides.', '')
  for (const run of settled) lines.push(`- ${cell(run.scenario)} on ${cell(run.adapter)}: ${cell(describeSettling(run) ?? '')}`)
  if (settled.length > 0) lines.push('')
  if (results.errors.length > 0) lines.push('## Kit errors', '')
  for (const e of results.errors) lines.push(`- ${cell(e)}`)
  return lines.join('\n') + '\n'
}

/** One port's contract × adapter table, then, folded, each not-applicable contract's reason with the scenarios that gave it (grouped, once per reason). */
function portLines(port: PortMatrix): string[] {
  const lines = [`Port \`${port.port}\`:`, '', `| contract | ${port.adapters.map(cell).join(' | ')} |`, `|---|${port.adapters.map(() => '---').join('|')}|`]
  const contracts = port.families.flatMap((f) => f.contracts)
  for (const id of contracts) {
    const row = port.adapters.map((a) => {
      const c = port.cells[a][id]
      return `${cellMarks[c.state]} ${cell(tallyParts(c).join(', '))}`
    })
    lines.push(`| ${cell(id)} | ${row.join(' | ')} |`)
  }
  lines.push('')
  const reasons = new Map<string, { contract: string; reason: string; scenarios: Set<string>; adapters: Set<string> }>()
  for (const id of contracts) {
    for (const adapter of port.adapters) {
      for (const { run, outcome } of port.cells[adapter][id].runs) {
        if (outcome.verdict !== 'not-applicable') continue
        const key = JSON.stringify([id, outcome.reason])
        const group = reasons.get(key) ?? { contract: id, reason: outcome.reason, scenarios: new Set(), adapters: new Set() }
        group.scenarios.add(run.scenario)
        group.adapters.add(adapter)
        reasons.set(key, group)
      }
    }
  }
  if (reasons.size === 0) return lines
  // folded (GitHub shows a <details> closed): the tables and the failures come first; the reasons are a click away
  lines.push(`<details><summary>Not applicable in port ${port.port.replace(/[<>&]/g, '_')}: why each contract had nothing to judge (${reasons.size} reason${reasons.size === 1 ? '' : 's'})</summary>`, '')
  for (const g of reasons.values()) {
    const where = [...g.scenarios].sort().map((s) => `\`${code(s)}\``).join(', ')
    const on = g.adapters.size < port.adapters.length ? ` on ${[...g.adapters].map((a) => `\`${code(a)}\``).join(', ')}` : ''
    lines.push(`- **${cell(g.contract)}** in ${where}${on}: ${cell(g.reason)}`)
  }
  lines.push('', '</details>', '')
  return lines
}

/** One failing run: its unlisted broken contracts with their witness, its exercised contracts left unjudged with the reason, stale entries, the error and how to reproduce it. */
function failureLines(run: Run): string[] {
  const lines = [`### ${cell(run.scenario)} on ${cell(run.adapter)}: ${run.verdict}`, '']
  for (const c of run.contracts) {
    if (c.verdict !== 'broken' || c.expectedBy) continue
    lines.push(`- **${c.id}** broken: ${cell(c.message)}`)
    if (Object.keys(c.witness).length > 0) lines.push(`  - witness: ${inlineCode(JSON.stringify(c.witness))}`)
  }
  const unjudged = run.contracts.filter((c) => c.exercised && (c.verdict === 'not-applicable' || c.verdict === 'unknown'))
  const groups = new Map<string, ContractOutcome[]>()
  for (const c of unjudged) groups.set(JSON.stringify([c.verdict, resultLine(c)]), [...(groups.get(JSON.stringify([c.verdict, resultLine(c)])) ?? []), c])
  for (const group of groups.values()) lines.push(`- ${group.map((c) => `**${c.id}**`).join(', ')} ${group[0].verdict} (exercised): ${cell(resultLine(group[0]))}`)
  for (const s of run.stale) lines.push(`- stale known-failing entry \`${code(s.pattern)}\` (${cell(s.source)}): it excuses nothing that broke`)
  // the verdict's own reason when it is only the unjudged contracts above, said again, is left out
  const said = unjudged.map((c) => `${c.id} is exercised by this scenario but came back ${c.verdict}: ${resultLine(c)}`).join('; ')
  if (run.error && run.error.message !== said) lines.push(`- ${run.error.message.startsWith('untestable:') ? '' : 'error: '}${cell(run.error.message)}`)
  if (run.history) lines.push(`- History: \`${run.history}\``)
  // fenced by more backticks than the command holds in a row, so nothing in it (an adapter's command line) closes the fence
  const fence = '`'.repeat(Math.max(3, ...(run.reproduce.match(/`+/g) ?? []).map((r) => r.length + 1)))
  lines.push('', 'Reproduce with:', '', `${fence}sh`, run.reproduce.replace(/\s*\n\s*/g, ' '), fence, '')
  return lines
}

/**
 * Text an implementation may have written (a message, an error, its stderr) as plain text on one line of Markdown,
 * in a table cell or a list: HTML escaped (`<script>`, `<img onerror>` show as text wherever the summary is rendered,
 * GitHub's step summary included), link and image brackets escaped, control characters shown as `\u{…}`.
 */
function cell(text: string): string {
  return text
    .replace(/\s*\n\s*/g, ' ')
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/g, (c) => `\\u{${c.codePointAt(0)!.toString(16)}}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([|[\]])/g, '\\$1')
}

/** Text for inside a one-backtick code span (a scenario id, an adapter name): on one line, without backticks. */
function code(text: string): string {
  return text.replace(/`/g, "'").replace(/\s*\n\s*/g, ' ')
}

/** A witness as a code span on one line, cut at `witnessChars`, fenced by more backticks than it holds in a row. */
function inlineCode(text: string): string {
  const cut = (text.length > witnessChars ? `${text.slice(0, witnessChars)}…` : text).replace(/\s*\n\s*/g, ' ')
  const fence = '`'.repeat(Math.max(0, ...(cut.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  const pad = fence.length > 1 || cut.startsWith('`') || cut.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${cut}${pad}${fence}`
}
