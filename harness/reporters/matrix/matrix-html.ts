import { contractsById } from '#harness/contracts/index.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { verdictOrder } from '#harness/reporters/run-results.ts'
import { matrixModel } from '#harness/reporters/matrix/matrix-model.ts'
import type { CellState, MatrixCell, PortMatrix } from '#harness/reporters/matrix/matrix-model.ts'
import { escapeHtml } from '#harness/reporters/matrix/escape-html.ts'
import { gaugeHtml } from '#harness/reporters/matrix/gauge-html.ts'
import { historyHref } from '#harness/reporters/matrix/history-href.ts'
import { matrixStyle } from '#harness/reporters/matrix/matrix-style.ts'
import { runErrorsSection } from '#harness/reporters/matrix/run-errors-section.ts'
import { tallyParts } from '#harness/reporters/matrix/tally-parts.ts'
import { witnessSection } from '#harness/reporters/matrix/witness-section.ts'

type Run = RunResults['runs'][number]

/** Scripts, network and frames are off: the page is text and inline style only, whatever a witness holds. */
const policy = "default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'; frame-src 'none'; base-uri 'none'; form-action 'none'"

/** What each state means, for the legend. */
const legend: Array<[CellState, string, string]> = [
  ['held', 'held', 'held where judged, each run with its evidence (what was observed and measured): click for it'],
  ['broken', 'broken', 'broken, not on a known-failing list: click for the witness'],
  ['expected-broken', 'expected-broken', 'broken, as a known-failing list expects'],
  ['not-applicable', 'not-applicable (n/a)', 'not applicable in every run: the scenarios gave the contract nothing to judge (never counted as held)'],
  ['unknown', 'unknown', 'no evidence where some was due: the adapter failed, an answer is missing, or a scenario that exercises the contract gave it nothing to judge (the run is an error)'],
  ['stale', 'stale', 'a known-failing entry expected it to break, and it did not: the entry excuses nothing that broke'],
  ['not-run', 'not run', 'not judged for this adapter'],
]

/**
 * results.json as one self-contained HTML page: per port, a matrix of adapters (rows) × the contracts judged (columns, grouped
 * by family); each cell counts its runs by state (not-applicable ones apart), draws a size witness's value against its
 * ceiling, and links to its panel (same page, shown by `:target`, no script: the witnesses of a failing cell, the evidence
 * of a held one, the reasons of a not-applicable one) and its worst run's History. Run-level errors have their own section.
 * Every string is escaped; the output has no times, so two renderings of the same results are identical.
 */
export function matrixHtml(results: RunResults): string {
  const errors = runErrorsSection(results)
  const ports = matrixModel(results)
  const cells = ports.flatMap((p) => p.adapters.flatMap((a) => Object.values(p.cells[a])))
  const c = results.counts
  const state = results.interrupted ? 'INTERRUPTED' : results.passed ? 'passed' : 'FAILED'
  const body = [
    '<main>',
    `<h1>contract-kit matrix: <span class="${results.passed ? 'passed' : 'failed'}">${state}</span></h1>`,
    notRunSection(results),
    `<ul class="counts" aria-label="run counts"><li><strong>${c.runs}</strong> runs</li>${verdictOrder.map((v) => `<li data-verdict="${v}"><strong>${c[v] ?? 0}</strong> ${v}</li>`).join('')}</ul>`,
    `<ul class="legend" aria-label="legend">${legend.map(([s, name, text]) => `<li data-state="${s}"><span class="swatch s-${s}"></span><strong>${name}</strong>: ${escapeHtml(text)}</li>`).join('')}` +
      `<li><span class="gauge over" style="display:inline-block;width:5rem"><span class="bar"><span class="fill" style="width:100%"></span><span class="ceiling" style="left:60%"></span></span></span> a size witness: the worst run's value against its ceiling (the black mark), red when over</li>` +
      '<li><span class="key">7/8 held</span> runs where the contract held / runs that judged it; <span class="key">2 n/a</span> runs that gave it nothing to judge, counted apart</li><li><span class="key">History</span> link: the worst run\'s History file</li></ul>',
    errors.html,
    ...ports.map((p) => portTable(p, results, errors.anchors)),
    results.runs.length === 0 ? '<p>No runs.</p>' : '',
    '</main>',
    '<aside aria-label="witnesses">',
    '<p class="hint">Click a cell to see its runs: each witness, the verdict, the scenario and the <code>Reproduce with:</code> command; the evidence of each run that held; why the others had nothing to judge.</p>',
    ...cells.filter((cell) => cell.runs.length > 0).map(witnessSection),
    '</aside>',
  ]
  return [
    '<!doctype html>',
    '<html lang="en" id="top">',
    '<head>',
    '<meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${policy}">`,
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>contract-kit matrix: ${state}</title>`,
    `<style>${matrixStyle}</style>`,
    '</head>',
    '<body>',
    ...body.filter((line) => line !== ''),
    '</body>',
    '</html>',
    '',
  ].join('\n')
}

function portTable(p: PortMatrix, results: RunResults, errorAnchors: Map<Run, string>): string {
  const contracts = p.families.flatMap((f) => f.contracts)
  const lines = [
    `<section class="port" id="port-${escapeHtml(p.port.replace(/[^A-Za-z0-9_-]+/g, '_'))}">`,
    `<h2>port <code>${escapeHtml(p.port)}</code>: ${p.adapters.length} adapter${p.adapters.length === 1 ? '' : 's'} × ${contracts.length} contract${contracts.length === 1 ? '' : 's'}</h2>`,
    `<table class="matrix" data-port="${escapeHtml(p.port)}">`,
    `<thead><tr><th rowspan="2" scope="col">adapter</th>${p.families.map((f) => `<th class="family" colspan="${f.contracts.length}" scope="colgroup">${escapeHtml(f.family)}</th>`).join('')}</tr>`,
    `<tr>${contracts.map((id) => `<th class="contract" scope="col" title="${escapeHtml(`${id}: ${contractsById.get(id)?.statement ?? ''}`)}">${escapeHtml(shortName(id))}</th>`).join('')}</tr></thead>`,
    '<tbody>',
  ]
  for (const adapter of p.adapters) {
    const runs = results.runs.filter((r) => r.port === p.port && r.adapter === adapter)
    lines.push(`<tr data-adapter="${escapeHtml(adapter)}">${adapterHeader(adapter, runs, errorAnchors)}${contracts.map((id) => cellHtml(p.cells[adapter][id])).join('')}</tr>`)
  }
  lines.push('</tbody></table></section>')
  return lines.join('\n')
}

function adapterHeader(adapter: string, runs: Run[], errorAnchors: Map<Run, string>): string {
  const transport = runs.find((r) => r.system)?.system?.transport
  const verdicts = verdictOrder.map((v) => [v, runs.filter((r) => r.verdict === v).length] as const).filter(([, n]) => n > 0)
  const failed = runs.filter((r) => errorAnchors.has(r))
  const badge = failed.length > 0 ? `<a class="errbadge" href="#${errorAnchors.get(failed[0])}">${failed.length} run error${failed.length === 1 ? '' : 's'}</a>` : ''
  const sub = `${transport ? `${escapeHtml(transport)} · ` : ''}${runs.length} run${runs.length === 1 ? '' : 's'}: ${verdicts.map(([v, n]) => `${n} ${v}`).join(', ')}`
  return `<th class="adapter" scope="row"><code>${escapeHtml(adapter)}</code><span class="sub">${sub}</span>${badge}</th>`
}

function cellHtml(cell: MatrixCell): string {
  const data = `data-adapter="${escapeHtml(cell.adapter)}" data-contract="${escapeHtml(cell.contract)}" data-state="${cell.state}"`
  if (cell.runs.length === 0) return `<td class="cell s-not-run" ${data} title="not run"><span class="open">—</span></td>`
  const [tally, ...more] = tallyParts(cell)
  const title = `${cell.contract} on ${cell.adapter}: ${[tally, ...more].join(', ')}`
  const history = cell.history ? `<a class="history" href="${historyHref(cell.history)}" title="${escapeHtml(cell.history)}">History</a>` : ''
  return (
    `<td class="cell s-${cell.state}" ${data}>` +
    `<a class="open" href="#${cell.anchor}" title="${escapeHtml(title)}"><span class="tally">${escapeHtml(tally)}</span>` +
    `${more.map((m) => `<span class="more">${escapeHtml(m)}</span>`).join('')}${cell.gauge ? gaugeHtml(cell.gauge) : ''}</a>${history}</td>`
  )
}

/** A contract's name without its family (the column group says it). */
function shortName(id: string): string {
  const at = id.indexOf('/')
  return at > 0 ? id.slice(at + 1) : id
}

/** For an interrupted run: by what, how many runs did not run, and each of them with the command that runs it alone; '' otherwise. */
function notRunSection(results: RunResults): string {
  if (!results.interrupted) return ''
  const notRun = results.notRun ?? []
  const planned = results.counts.runs + notRun.length
  const items = notRun.map((r) => `<li>${escapeHtml(r.scenario)} on ${escapeHtml(r.adapter)}${r.reproduce ? `: <code>${escapeHtml(r.reproduce)}</code>` : ''}</li>`).join('')
  return `<section class="not-run" aria-label="not run"><p><strong>Interrupted by ${escapeHtml(results.interruptedBy ?? 'a signal')}: ${notRun.length} of ${planned} runs did not run.</strong> The matrix shows the runs that finished before it.</p>${items ? `<ul>${items}</ul>` : ''}</section>`
}
