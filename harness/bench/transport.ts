import type { BenchOptions } from '#harness/bench/bench.ts'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { ratioOf } from '#harness/bench/bench-row.ts'
import { samplePair } from '#harness/bench/sample.ts'
import type { Stats } from '#harness/bench/sample.ts'
import type { Connection } from '#harness/adapters/adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import type { PagerPort, PagerReadRequest, PagerSetup } from '#harness/ports/pager-port.ts'
import { loadAnalysisRun } from '#fixtures/analysis-run/analysis-runs.ts'
import { buildAnalysisRun } from '#fixtures/analysis-run/analysis-run-params.ts'

/** The bundled system both transports serve. */
const system = 'pager/reference'

/** One kind of call timed over both transports: the run the pager is set up with, the read, and how many reads a sample makes. */
interface TransportCase {
  label: string
  setup: PagerSetup
  read: PagerReadRequest
  calls: number
}

/**
 * `transport`: the cost of one `pager.read` of the bundled reference pager over stdio (a child process, newline-
 * delimited JSON-RPC) against in process (the same pager, its arguments and answer passed through JSON), for a small
 * read and a ~1 MB page. One connection per adapter, set up once per case; each sample times `calls` reads in a row.
 * No target: the rows say what the stdio transport costs per call and per byte.
 */
export async function benchTransport(options: BenchOptions): Promise<BenchRow[]> {
  await loadShippedSystems()
  const overStdio = await resolveAdapter(`${system}@stdio`, { timeoutMs: 60_000 }).open()
  let inProcess: Connection | undefined
  try {
    inProcess = await resolveAdapter(system, { timeoutMs: 60_000 }).open()
    const rows: BenchRow[] = []
    // every sample is a scenario of its own to the stdio transport: what it reads of the process's stdout is bounded
    // per scenario (64 MiB), and a sample of the 1 MB case reads 20 MB
    for (const c of cases()) rows.push(await benchCase(c, overStdio.port('pager'), inProcess.port('pager'), options.runs, () => overStdio.beginScenario?.()))
    return rows
  } finally {
    await inProcess?.close()
    await overStdio.close()
  }
}

/** The two calls: 3 model exchanges of the 40-exchange run (a few KB), and a page of ~1 MB of JSON (50 exchanges fitted to a 1 MiB ceiling). */
function cases(): TransportCase[] {
  const forty = loadAnalysisRun('analysis-run/forty-exchanges').records
  const fifty = buildAnalysisRun({ seed: 0x40e7cf90, preludes: 11, turns: 50, exchanges: 50, toolCalls: 450 })
  return [
    {
      label: 'small read (3 items)',
      setup: { records: forty, ceilings: [{ measure: 'json-bytes', max: 262_144 }, { measure: 'retained-bytes', max: 1_048_576 }] },
      read: { collection: 'model-exchanges', limit: 3 },
      calls: 200,
    },
    {
      label: '~1 MB page',
      setup: { records: fifty, ceilings: [{ measure: 'json-bytes', max: 1_048_576 }] },
      read: { collection: 'model-exchanges', limit: 100 },
      calls: 20,
    },
  ]
}

/** Sets both pagers up with the case's run, checks they answer the same page, then times `calls` reads of each, interleaved (`beginSample` before each stdio sample). */
async function benchCase(c: TransportCase, overStdio: PagerPort, inProcess: PagerPort, runs: number, beginSample: () => void): Promise<BenchRow> {
  await overStdio.setup(c.setup)
  await inProcess.setup(c.setup)
  const [a, b] = [await overStdio.read(c.read), await inProcess.read(c.read)]
  if (!a.ok || !b.ok) throw new Error(`bench transport: ${c.label}: a read failed (${JSON.stringify(a.ok ? b : a)})`)
  const page = JSON.stringify(a.page)
  if (page !== JSON.stringify(b.page)) throw new Error(`bench transport: ${c.label}: the two transports answered different pages`)
  const reads = (pager: PagerPort, begin?: () => void) => async () => {
    begin?.()
    for (let i = 0; i < c.calls; i++) {
      const result = await pager.read(c.read)
      if (!result.ok) throw new Error(`bench transport: ${c.label}: read ${i} answered ${result.error.code}`)
    }
  }
  const [stdio, local] = await samplePair(reads(overStdio, beginSample), reads(inProcess), runs)
  const subject = perCall(stdio, c.calls)
  const baseline = perCall(local, c.calls)
  const bytes = Buffer.byteLength(page)
  const request = Buffer.byteLength(JSON.stringify(c.read))
  const extra = subject.median - baseline.median
  return {
    group: 'transport',
    name: `pager.read, ${c.label}: stdio vs in process (${system})`,
    subject,
    baseline,
    unit: 'ms',
    ratio: ratioOf(subject, baseline),
    note: `${bytes.toLocaleString('en-US')} B page + ${request} B request a call (${a.page.items.length} items); stdio adds ${round(extra)} ms a call, ${round((extra * 1e6) / bytes)} ns/B; ${c.calls} calls a sample`,
  }
}

/** Stats of samples of `calls` calls each, as ms per call. */
function perCall(stats: Stats, calls: number): Stats {
  return { min: stats.min / calls, median: stats.median / calls, max: stats.max / calls, runs: stats.runs }
}

/** A figure rounded to three significant digits. */
function round(value: number): number {
  return Number(value.toPrecision(3))
}
