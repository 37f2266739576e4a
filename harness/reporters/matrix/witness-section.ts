import { contractsById } from '#harness/contracts/index.ts'
import type { CellRun, MatrixCell } from '#harness/reporters/matrix/matrix-model.ts'
import { escapeHtml } from '#harness/reporters/matrix/escape-html.ts'
import { gaugeHtml } from '#harness/reporters/matrix/gauge-html.ts'
import { historyHref } from '#harness/reporters/matrix/history-href.ts'
import { tallyParts } from '#harness/reporters/matrix/tally-parts.ts'

/**
 * One cell's panel (`<section id=…>`, shown when targeted): for each run that did not simply hold, its verdict, the
 * contract's message and witness (or why it has no evidence), the `Reproduce with:` command and the History; then each run
 * that held with its evidence line and figures; then the runs that gave the contract nothing to judge, with the reason.
 */
export function witnessSection(cell: MatrixCell): string {
  const statement = contractsById.get(cell.contract)?.statement
  const failing = cell.runs.filter((r) => r.unjudged || (r.state !== 'held' && r.state !== 'not-applicable'))
  const held = cell.runs.filter((r) => !failing.includes(r) && r.state === 'held')
  const na = cell.runs.filter((r) => !failing.includes(r) && r.state === 'not-applicable')
  return [
    `<section class="witness" id="${escapeHtml(cell.anchor)}" data-state="${cell.state}" aria-label="${escapeHtml(`${cell.contract} on ${cell.adapter}`)}">`,
    `<header><h2><code>${escapeHtml(cell.contract)}</code> on <code>${escapeHtml(cell.adapter)}</code></h2><a class="close" href="#top">close ✕</a></header>`,
    statement ? `<p class="statement">${escapeHtml(statement)}</p>` : '',
    `<p class="summary">${escapeHtml(tallyParts(cell).join(', '))}</p>`,
    ...failing.map(runArticle),
    held.length > 0 ? `<h3 class="group">Held in ${held.length} run${held.length === 1 ? '' : 's'}: the evidence</h3>` : '',
    ...held.map(heldArticle),
    na.length > 0 ? `<h3 class="group">Not applicable in ${na.length} run${na.length === 1 ? '' : 's'}: nothing to judge</h3><ul class="na-runs">${na.map(naItem).join('')}</ul>` : '',
    '</section>',
  ]
    .filter((line) => line !== '')
    .join('\n')
}

function runArticle({ run, outcome, state, unjudged, gauge }: CellRun): string {
  const lines = [
    `<article class="run s-${state}" data-scenario="${escapeHtml(run.scenario)}">`,
    `<h3>${escapeHtml(run.scenario)} <span class="badge s-${state}">${escapeHtml(badge(state))}</span></h3>`,
    `<p class="verdict">run verdict: <strong>${escapeHtml(run.verdict)}</strong>${run.reproduces ? ` · reproduces ${escapeHtml(run.reproduces)}` : ''} · ${outcome.exercised ? 'exercised by this scenario' : 'not exercised by this scenario'}</p>`,
  ]
  if (outcome.verdict === 'broken') {
    lines.push(`<p class="message">${escapeHtml(outcome.message)}</p>`)
    if (gauge) lines.push(`<p>${gaugeHtml(gauge)}</p>`)
    if (outcome.expectedBy) {
      const e = outcome.expectedBy
      lines.push(`<p class="expected">expected by the known-failing entry <code>${escapeHtml(e.pattern)}</code> (${escapeHtml(e.source)}): ${escapeHtml(e.reason)}</p>`)
    }
    lines.push(`<pre class="witness-json">${json(outcome.witness)}</pre>`)
  }
  if (outcome.verdict === 'held') lines.push(...evidenceLines(outcome.evidence, outcome.figures))
  if (outcome.verdict === 'unknown') lines.push(`<p class="message">unknown, no evidence: ${escapeHtml(outcome.reason)}</p>`)
  if (outcome.verdict === 'not-applicable') lines.push(`<p class="message">not applicable: ${escapeHtml(outcome.reason)}</p>`)
  if (unjudged) lines.push(`<p class="unjudged">This scenario exercises the contract, so it needed evidence: the run is an error.</p>`)
  if (state === 'stale') {
    for (const s of run.stale) {
      lines.push(`<p class="expected">stale known-failing entry <code>${escapeHtml(s.pattern)}</code> (${escapeHtml(s.source)}): it excuses nothing that broke. It said: ${escapeHtml(s.reason)}</p>`)
    }
  }
  if (run.error) lines.push(`<p class="error">run error: ${escapeHtml(run.error.message)}</p>`)
  lines.push(`<p class="reproduce">Reproduce with: <code>${escapeHtml(run.reproduce)}</code></p>`)
  if (run.history) lines.push(`<p><a class="history" href="${historyHref(run.history)}">History: ${escapeHtml(run.history)}</a></p>`)
  lines.push('</article>')
  return lines.join('\n')
}

function heldArticle({ run, outcome }: CellRun): string {
  const history = run.history ? ` · <a class="history" href="${historyHref(run.history)}">History</a>` : ''
  return [
    `<article class="run s-held" data-scenario="${escapeHtml(run.scenario)}">`,
    `<h3>${escapeHtml(run.scenario)} <span class="badge s-held">held</span></h3>`,
    ...(outcome.verdict === 'held' ? evidenceLines(outcome.evidence, outcome.figures) : []),
    `<p class="verdict">run verdict: <strong>${escapeHtml(run.verdict)}</strong> · ${outcome.exercised ? 'exercised by this scenario' : 'not exercised by this scenario'}${history}</p>`,
    '</article>',
  ].join('\n')
}

function evidenceLines(evidence: string, figures: Record<string, unknown>): string[] {
  return [`<p class="evidence">${escapeHtml(evidence)}</p>`, `<pre class="figures-json">${json(figures)}</pre>`]
}

function naItem({ run, outcome }: CellRun): string {
  const reason = outcome.verdict === 'not-applicable' ? outcome.reason : ''
  return `<li data-scenario="${escapeHtml(run.scenario)}"><code>${escapeHtml(run.scenario)}</code>: ${escapeHtml(reason)}</li>`
}

function badge(state: CellRun['state']): string {
  return state === 'not-applicable' ? 'n/a' : state
}

function json(value: unknown): string {
  return escapeHtml(JSON.stringify(value, null, 2) ?? 'null')
}
