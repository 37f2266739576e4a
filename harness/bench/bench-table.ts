import type { BenchRow } from '#harness/bench/bench-row.ts'
import type { Stats } from '#harness/bench/sample.ts'

/** A figure as the table prints it: three significant digits, thousands grouped. */
function figure(value: number): string {
  if (value >= 100) return Math.round(value).toLocaleString('en-US')
  return Number(value.toPrecision(3)).toString()
}

/** `median (min–max) unit`. */
function stats(s: Stats | undefined, unit: string): string {
  if (!s) return ''
  return `${figure(s.median)} ${unit} (${figure(s.min)}–${figure(s.max)})`
}

/** The benchmark's rows as a Markdown table: kit, baseline, ratio, target and whether it was met. */
export function benchTable(rows: readonly BenchRow[]): string {
  const lines = ['| group | what | kit: median (min–max) | baseline: median (min–max) | ratio | target | met | note |', '| --- | --- | --- | --- | --- | --- | --- | --- |']
  for (const r of rows) {
    const met = r.met === undefined ? '' : r.met ? '✓' : '✗'
    const ratio = r.ratio === undefined ? '' : `${r.ratio}×`
    lines.push(`| ${r.group} | ${r.name} | ${stats(r.subject, r.unit)} | ${stats(r.baseline, r.unit)} | ${ratio} | ${r.target ?? ''} | ${met} | ${r.note ?? ''} |`)
  }
  return lines.join('\n')
}
