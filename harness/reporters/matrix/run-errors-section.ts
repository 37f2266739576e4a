import type { RunResults } from '#harness/reporters/run-results.ts'
import { escapeHtml } from '#harness/reporters/matrix/escape-html.ts'
import { historyHref } from '#harness/reporters/matrix/history-href.ts'

type Run = RunResults['runs'][number]

/** The verdicts of runs that failed as a whole (the adapter failed, an exercised contract was left unjudged, or the scenario cannot run here), not by a broken contract. */
const runLevel = new Set<string>(['error', 'untestable'])

/**
 * The section of run-level failures (adapter errors, exercised contracts left unjudged, untestable runs) and kit errors outside any run (`html` is empty when there are
 * none), and the anchor of each such run's row (`e-1`, `e-2`… in results order) for the matrix to link to.
 */
export function runErrorsSection(results: RunResults): { html: string; anchors: Map<Run, string> } {
  const anchors = new Map(results.runs.filter((r) => runLevel.has(r.verdict)).map((r, i) => [r, `e-${i + 1}`]))
  if (anchors.size === 0 && results.errors.length === 0) return { html: '', anchors }
  const lines = ['<section class="errors" id="errors">', `<h2>Run errors (${anchors.size + results.errors.length})</h2>`]
  if (anchors.size > 0) {
    lines.push('<table><thead><tr><th>adapter</th><th>scenario</th><th>verdict</th><th>error</th><th>Reproduce with</th></tr></thead><tbody>')
    for (const [run, anchor] of anchors) {
      const stderr = run.error?.stderr.trimEnd().split('\n').slice(-8).join('\n') ?? ''
      const history = run.history ? `<br><a class="history" href="${historyHref(run.history)}">History</a>` : ''
      lines.push(
        `<tr id="${anchor}" data-adapter="${escapeHtml(run.adapter)}" data-scenario="${escapeHtml(run.scenario)}">` +
          `<td><code>${escapeHtml(run.adapter)}</code></td><td><code>${escapeHtml(run.scenario)}</code>${history}</td><td>${escapeHtml(run.verdict)}</td>` +
          `<td>${escapeHtml(run.error?.message ?? '')}${stderr ? `<pre>${escapeHtml(stderr)}</pre>` : ''}</td>` +
          `<td class="reproduce"><code>${escapeHtml(run.reproduce)}</code></td></tr>`,
      )
    }
    lines.push('</tbody></table>')
  }
  if (results.errors.length > 0) lines.push(`<h3>Kit errors</h3><ul>${results.errors.map((e) => `<li>${escapeHtml(e)}</li>`).join('')}</ul>`)
  lines.push('</section>')
  return { html: lines.join('\n'), anchors }
}
