import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { ratioOf } from '#harness/bench/bench-row.ts'
import { samplePair } from '#harness/bench/sample.ts'
import type { Stats } from '#harness/bench/sample.ts'
import { measures } from '#harness/measures/measure.ts'
import { measureNames } from '#harness/measures/measure-name.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { loadAnalysisRun } from '#fixtures/analysis-run/analysis-runs.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import { generateReply } from '#fixtures/replies/generate-reply.ts'

/** The target the issue sets for `retained-bytes`: at most this many times the time of JSON.stringify on the same value. */
export const retainedBytesTarget = 2

/** How long one timed sample of a measure runs at least, in ms: enough calls that the timer's grain does not show. */
const sampleMs = 40

/** A page measured: what it is, in words, and the value as the kit receives it (decoded from JSON). */
interface BenchPage {
  label: string
  value: unknown
}

/**
 * `measures`: each measure (docs/measures.md) against `JSON.stringify` on the same page, in ms per call of the bare
 * measure function (not `measure()`, which remembers an object's size): a 40-exchange model-exchanges page and a
 * ~1 MB page of non-ASCII text with emoji. The target: `retained-bytes` ≤ 2× JSON.stringify.
 */
export async function benchMeasures(options: BenchOptions): Promise<BenchRow[]> {
  const rows: BenchRow[] = []
  for (const page of [await fortyExchangesPage(), textPage()]) {
    const json = JSON.stringify(page.value)
    const calls = callsPerSample(page.value)
    for (const name of measureNames) {
      const [subject, baseline] = await samplePair(() => repeat(() => measures[name](page.value), calls), () => repeat(() => JSON.stringify(page.value), calls), options.runs)
      rows.push(row(name, page, perCall(subject, calls), perCall(baseline, calls), `${measures[name](page.value).toLocaleString('en-US')} vs ${Buffer.byteLength(json).toLocaleString('en-US')} JSON bytes; ${calls} calls a sample`))
    }
  }
  return rows
}

/** One row: a measure against JSON.stringify on one page; the target only for `retained-bytes`. */
function row(name: MeasureName, page: BenchPage, subject: Stats, baseline: Stats, note: string): BenchRow {
  const ratio = ratioOf(subject, baseline)
  const held = name === 'retained-bytes' ? { target: `≤ ${retainedBytesTarget}×`, met: ratio <= retainedBytesTarget } : {}
  return { group: 'measures', name: `${name} vs JSON.stringify, ${page.label}`, subject, baseline, unit: 'ms', ratio, ...held, note }
}

/** The model-exchanges page of `analysis-run/forty-exchanges` as the reference pager serves it whole (all 40 items), decoded from its JSON. */
async function fortyExchangesPage(): Promise<BenchPage> {
  const pager = createReferencePager()
  await pager.setup({ records: loadAnalysisRun('analysis-run/forty-exchanges').records, ceilings: [] })
  const result = await pager.read({ collection: 'model-exchanges', limit: 100 })
  if (!result.ok) throw new Error(`bench measures: the reference pager answered ${result.error.code}`)
  const value = JSON.parse(JSON.stringify(result.page)) as unknown
  return { label: `40-exchange page (${kb(value)})`, value }
}

/**
 * A ~1 MB page of session messages whose text mixes ASCII, Latin, CJK, emoji and combining marks (generated replies
 * of 40 numbered lines, one seed each): text-heavy where the exchanges page is map-heavy.
 */
function textPage(): BenchPage {
  const items: unknown[] = []
  let bytes = 0
  for (let i = 0; bytes < 1_000_000; i++) {
    const text = generateReply({ seed: i + 1, lines: 40, lineChars: 60, scripts: ['ascii', 'latin', 'cjk', 'emoji', 'combining'], numbered: 'plain', order: 'seeded' }, 4096)
    const item = { id: `m-${String(i).padStart(4, '0')}`, role: i % 2 ? 'assistant' : 'user', text }
    items.push(item)
    bytes += Buffer.byteLength(JSON.stringify(item)) + 1
  }
  const value = JSON.parse(JSON.stringify({ items, cursor: 'offset:00000000', snapshot: { collection: 'session-messages', records: items.length } })) as unknown
  return { label: `text page with emoji (${kb(value)})`, value }
}

/** A value's JSON size in KB, for a row's name. */
function kb(value: unknown): string {
  return `${Math.round(Buffer.byteLength(JSON.stringify(value)) / 1000).toLocaleString('en-US')} KB`
}

/** How many calls of JSON.stringify on the value take about `sampleMs` (at least 1); each measure is called as many times. */
function callsPerSample(value: unknown): number {
  const start = performance.now()
  let calls = 0
  while (performance.now() - start < sampleMs / 4) {
    JSON.stringify(value)
    calls++
  }
  return Math.max(1, calls * 4)
}

let sink = 0

/** Calls `fn` `times` times, keeping what it returns where the optimiser cannot drop it. */
function repeat(fn: () => unknown, times: number): void {
  for (let i = 0; i < times; i++) {
    const result = fn()
    sink ^= typeof result === 'number' ? result : (result as string).length
  }
}

/** Stats of samples of `calls` calls each, as ms per call. */
function perCall(stats: Stats, calls: number): Stats {
  return { min: stats.min / calls, median: stats.median / calls, max: stats.max / calls, runs: stats.runs }
}
