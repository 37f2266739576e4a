import { contractsById } from '#harness/contracts/index.ts'
import type { CellRun, MatrixCell } from '#harness/reporters/matrix/matrix-model.ts'
import { escapeHtml } from '#harness/reporters/matrix/escape-html.ts'
import { gaugeHtml } from '#harness/reporters/matrix/gauge-html.ts'
import { historyHref } from '#harness/reporters/matrix/history-href.ts'
import { tallyParts } from '#harness/reporters/matrix/tally-parts.ts'

/**
 * One cell's witness panel (`<section id=…>`, shown when targeted): for each run that did not simply hold, its verdict, the
 * contract's message (or why it is unknown), the witness as JSON, the `Reproduce with:` command and the History; then the runs that held.
 */
export function witnessSection(cell: MatrixCell): string {
  const statement = contractsById.get(cell.contract)?.statement
  const failing = cell.runs.filter((r) => r.state !== 'held')
  const held = cell.runs.filter((r) => r.state === 'held')
  return [
    `<section class="witness" id="${escapeHtml(cell.anchor)}" aria-label="${escapeHtml(`${cell.contract} on ${cell.adapter}`)}">`,
    `<header><h2><code>${escapeHtml(cell.contract)}</code> on <code>${escapeHtml(cell.adapter)}</code></h2><a class="close" href="#top">close ✕</a></header>`,
    statement ? `<p class="statement">${escapeHtml(statement)}</p>` : '',
    `<p class="summary">${escapeHtml(tallyParts(cell).join(', '))}</p>`,
    ...failing.map(runArticle),
    held.length > 0 ? `<h3>Held in ${held.length} run${held.length === 1 ? '' : 's'}</h3><ul class="held-runs">${held.map(heldItem).join('')}</ul>` : '',
    '</section>',
  ]
    .filter((line) => line !== '')
    .join('\n')
}

function runArticle({ run, outcome, state, gauge }: CellRun): string {
  const lines = [
    `<article class="run s-${state}" data-scenario="${escapeHtml(run.scenario)}">`,
    `<h3>${escapeHtml(run.scenario)} <span class="badge s-${state}">${escapeHtml(state)}</span></h3>`,
    `<p class="verdict">run verdict: <strong>${escapeHtml(run.verdict)}</strong>${run.reproduces ? ` · reproduces ${escapeHtml(run.reproduces)}` : ''}</p>`,
  ]
  if (outcome.verdict === 'broken') {
    lines.push(`<p class="message">${escapeHtml(outcome.message)}</p>`)
    if (gauge) lines.push(`<p>${gaugeHtml(gauge)}</p>`)
    if (outcome.expectedBy) {
      const e = outcome.expectedBy
      lines.push(`<p class="expected">expected by the known-failing entry <code>${escapeHtml(e.pattern)}</code> (${escapeHtml(e.source)}): ${escapeHtml(e.reason)}</p>`)
    }
    lines.push(`<pre class="witness-json">${escapeHtml(JSON.stringify(outcome.witness, null, 2) ?? 'null')}</pre>`)
  }
  if (outcome.verdict === 'unknown') lines.push(`<p class="message">could not decide: ${escapeHtml(outcome.reason)}</p>`)
  if (state === 'stale') {
    for (const s of run.stale) {
      lines.push(`<p class="expected">stale known-failing entry <code>${escapeHtml(s.pattern)}</code> (${escapeHtml(s.source)}): it held. It said: ${escapeHtml(s.reason)}</p>`)
    }
  }
  if (run.error) lines.push(`<p class="error">run error: ${escapeHtml(run.error.message)}</p>`)
  lines.push(`<p class="reproduce">Reproduce with: <code>${escapeHtml(run.reproduce)}</code></p>`)
  if (run.history) lines.push(`<p><a class="history" href="${historyHref(run.history)}">History: ${escapeHtml(run.history)}</a></p>`)
  lines.push('</article>')
  return lines.join('\n')
}

function heldItem({ run }: CellRun): string {
  const history = run.history ? ` · <a class="history" href="${historyHref(run.history)}">History</a>` : ''
  return `<li><code>${escapeHtml(run.scenario)}</code>${history}</li>`
}
