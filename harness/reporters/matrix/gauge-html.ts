import type { Gauge } from '#harness/reporters/matrix/matrix-model.ts'
import { escapeHtml } from '#harness/reporters/matrix/escape-html.ts'

/** A measured value drawn against its ceiling: a bar (red past the ceiling, with the ceiling marked) and `922,232 / 262,144 retained-bytes`. */
export function gaugeHtml(gauge: Gauge): string {
  const over = gauge.value > gauge.max
  const scale = Math.max(gauge.value, gauge.max)
  const fill = scale > 0 ? percent(gauge.value / scale) : 0
  const ceiling = scale > 0 ? percent(gauge.max / scale) : 100
  const text = `${groupDigits(gauge.value)} / ${groupDigits(gauge.max)}${gauge.measure ? ` ${gauge.measure}` : ''}`
  const title = `${text}: ${over ? `over its ceiling (${percent(gauge.value / (gauge.max || 1))}% of it)` : 'within its ceiling'}`
  return (
    `<span class="gauge${over ? ' over' : ''}" title="${escapeHtml(title)}">` +
    `<span class="bar" role="img" aria-label="${escapeHtml(text)}"><span class="fill" style="width:${fill}%"></span><span class="ceiling" style="left:${ceiling}%"></span></span>` +
    `<span class="gauge-text">${escapeHtml(text)}</span></span>`
  )
}

/** A number with its thousands grouped by commas (922232 → 922,232), the same on every machine. */
function groupDigits(n: number): string {
  const [whole, fraction] = String(n).split('.')
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return fraction === undefined ? grouped : `${grouped}.${fraction}`
}

function percent(ratio: number): number {
  return Math.round(ratio * 1000) / 10
}
