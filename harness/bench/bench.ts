import { mkdirSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import type { BenchRow } from '#harness/bench/bench-row.ts'
import { benchTable } from '#harness/bench/bench-table.ts'

/** What every section of the benchmark is given. */
export interface BenchOptions {
  /** How many timed runs of each thing (the sections that start whole processes may take fewer). */
  runs: number
  /** The scaling families to measure (by port); all when absent. */
  families?: string[]
}

type Section = (options: BenchOptions) => Promise<BenchRow[]>

/** The benchmark's sections, in the order they run and print; each loaded only when it runs. */
const sections: Record<string, () => Promise<Section>> = {
  scenario: async () => (await import('#harness/bench/scenario-vs-hand-written.ts')).benchScenario,
  startup: async () => (await import('#harness/bench/startup.ts')).benchStartup,
  transport: async () => (await import('#harness/bench/transport.ts')).benchTransport,
  http2: async () => (await import('#harness/bench/http2-server.ts')).benchHttp2Server,
  measures: async () => (await import('#harness/bench/measures.ts')).benchMeasures,
  scaling: async () => (await import('#harness/bench/scaling.ts')).benchScaling,
  'main-job': async () => (await import('#harness/bench/main-job.ts')).benchMainJob,
  suite: async () => (await import('#harness/bench/test-suite.ts')).benchTestSuite,
}

/** Sections that run only when `--only` names them: the kit's own test suite, twice from a fresh clone, takes minutes. */
const namedOnly: ReadonlySet<string> = new Set(['suite'])

/**
 * `npm run bench [-- --only scenario,scaling,suite] [--family agent-log,pager] [--runs N] [--out reports]`: runs each comparison side by side and
 * prints a Markdown table of medians (min–max), ratios and targets; writes `<out>/bench.json` and `<out>/bench.md`.
 * It never fails on a slow machine: a missed target is a row marked ✗, and the exit code is 0 unless a section broke.
 */
async function main(): Promise<number> {
  const { values } = parseArgs({ options: { only: { type: 'string' }, family: { type: 'string' }, runs: { type: 'string', default: '5' }, out: { type: 'string', default: 'reports' } } })
  const runs = Number(values.runs)
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs: expected a whole number ≥ 1, got ${JSON.stringify(values.runs)}`)
  const only = values.only?.split(',').map((s) => s.trim())
  const unknown = only?.filter((name) => !Object.hasOwn(sections, name))
  if (unknown?.length) throw new Error(`--only: unknown section ${unknown.join(', ')} (sections: ${Object.keys(sections).join(', ')})`)
  const families = values.family?.split(',').map((s) => s.trim())
  const rows: BenchRow[] = []
  let failed = false
  for (const [name, load] of Object.entries(sections)) {
    if (only ? !only.includes(name) : namedOnly.has(name)) continue
    process.stderr.write(`bench: ${name}…\n`)
    try {
      const section = await load()
      rows.push(...(await section({ runs, ...(families ? { families } : {}) })))
    } catch (error) {
      failed = true
      process.stderr.write(`bench: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`)
    }
  }
  const table = benchTable(rows)
  process.stdout.write(`${table}\n`)
  const out = resolve(values.out)
  mkdirSync(out, { recursive: true })
  const machine = { node: process.version, cpus: (await import('node:os')).availableParallelism(), platform: process.platform }
  writeFileSync(join(out, 'bench.json'), `${JSON.stringify({ format: 'contract-kit/bench@1', machine, runs, rows }, null, 2)}\n`)
  writeFileSync(join(out, 'bench.md'), `${table}\n`)
  process.stderr.write(`bench: ${join(out, 'bench.json')}, bench.md\n`)
  return failed ? 1 : 0
}

process.exitCode = await main()
