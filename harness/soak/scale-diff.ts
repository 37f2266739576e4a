import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { terminalText } from '#harness/reporters/terminal-text.ts'
import type { SoakResults, SoakRun } from '#harness/soak/soak-table.ts'

/** What the scale check reads of one run in results.json: the soak's reading, and the run's port. */
export interface ScaleRun extends SoakRun {
  port?: string
}

/** What the scale check reads of one scale's results.json: its runs, its kit errors, and whether a signal stopped it. */
export interface ScaleResults extends Omit<SoakResults, 'runs' | 'counts'> {
  runs: readonly ScaleRun[]
}

/** One scale's kit run: the scale, how its process ended, its parsed results.json (absent when it wrote none), its summary or last line, and how long it took. */
export interface ScaleJob {
  scale: number
  exit: number | null
  /** The signal that ended the kit's process, when one did. */
  signal?: string
  results?: ScaleResults
  /** The kit's summary line (`contract-kit: N runs: …`), else its last line of output. */
  lastLine?: string
  seconds?: number
}

/** One row of the table: a port, its systems, scenarios and runs (adapter × scenario), how many of those are the same at every scale and how many differ. */
export interface ScaleRow {
  port: string
  systems: number
  scenarios: number
  runs: number
  same: number
  differ: number
}

/** The comparison of every scale's runs: a row per port, each run that differs as a line, each scale that failed as a line, and the exit code. */
export interface ScaleDiff {
  scales: number[]
  rows: ScaleRow[]
  /** Every run (adapter × scenario) seen at any scale. */
  runs: number
  /** `<adapter> on <scenario>: scale 1 broken (recovery/a broken) — scale 4 held`, one per run that differs. */
  differences: string[]
  /** `scale 2: exit 2, no results.json: …`, one per scale whose kit run exited other than 0 or 1, wrote no whole results, or had a kit error. */
  failures: string[]
  /** 1 when a run differs or a scale failed (or no run was compared), else 0. */
  exit: 0 | 1
}

/** What a run came to at one scale: its verdict and each contract's verdict by id. */
interface Reading {
  verdict: string
  contracts: Map<string, string>
}

/** A scale as the report prints it: `2`, `1.5`. */
export function scaleText(value: number): string {
  return String(Number(value.toPrecision(4)))
}

/** Text on one line, at most `max` characters. */
function oneLine(text: string, max = 240): string {
  const line = terminalText(text).trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** The runs of a scale decided on an attempt after the first (run again because time left them undecided, then not `error`). */
function settledCount(results: ScaleResults): number {
  return results.runs.filter((run) => (run.settling?.length ?? 0) > 1 && run.verdict !== 'error').length
}

/** `scale 2: 1,234 runs in 312 s, 12 settled by a rerun`, or `scale 2: exit 2, no results.json in 3 s`: the line printed as a scale's kit run ends. */
export function scaleLine(job: ScaleJob): string {
  const seconds = job.seconds === undefined ? '' : ` in ${Math.round(job.seconds).toLocaleString('en-US')} s`
  const exit = job.exit ?? job.signal ?? '?'
  if (!job.results) return `scale ${scaleText(job.scale)}: exit ${exit}, no results.json${seconds}`
  const unusual = job.exit === 0 || job.exit === 1 ? '' : `, exit ${exit}`
  const errors = job.results.errors?.length ?? 0
  return `scale ${scaleText(job.scale)}: ${job.results.runs.length.toLocaleString('en-US')} runs${seconds}, ${settledCount(job.results)} settled by a rerun${unusual}${errors > 0 ? `, ${errors} kit error${errors === 1 ? '' : 's'}` : ''}${job.results.interrupted ? ', interrupted' : ''}`
}

/** Why a scale's kit run cannot be compared or fails the check: no results, an exit other than 0 or 1, a signal, a kit error. */
function failuresOf(job: ScaleJob): string[] {
  const at = `scale ${scaleText(job.scale)}`
  const exit = job.exit ?? job.signal ?? '?'
  if (!job.results) return [`${at}: exit ${exit}, no results.json${job.lastLine ? `: ${oneLine(job.lastLine)}` : ''}`]
  const lines: string[] = []
  if (job.exit !== 0 && job.exit !== 1) lines.push(`${at}: exit ${exit}${job.lastLine ? `: ${oneLine(job.lastLine)}` : ''}`)
  if (job.results.interrupted) lines.push(`${at}: interrupted${job.results.interruptedBy ? ` by ${job.results.interruptedBy}` : ''}: not compared`)
  for (const e of job.results.errors ?? []) lines.push(`${at}: kit error: ${oneLine(e)}`)
  return lines
}

function readingOf(run: ScaleRun): Reading {
  return { verdict: run.verdict, contracts: new Map((run.contracts ?? []).map((c) => [c.id, c.verdict])) }
}

/** Whether two readings agree: the same verdict, and the same verdict for every contract id either has. */
function sameReading(a: Reading, b: Reading): boolean {
  if (a.verdict !== b.verdict || a.contracts.size !== b.contracts.size) return false
  for (const [id, verdict] of a.contracts) if (b.contracts.get(id) !== verdict) return false
  return true
}

/** `scale 1 broken (recovery/a broken)`, `scales 2, 4 held`, `scale 2 not run`: each distinct reading once, with its scales, and the contracts that differ between the scales that ran it, where they are not held. */
function differenceText(scales: readonly number[], readings: ReadonlyArray<Reading | undefined>): string {
  const ids = new Set(readings.flatMap((r) => (r ? [...r.contracts.keys()] : [])))
  const differing = [...ids].sort().filter((id) => new Set(readings.filter((r) => r !== undefined).map((r) => r.contracts.get(id) ?? 'absent')).size > 1)
  const groups: Array<{ scales: number[]; reading: Reading | undefined }> = []
  readings.forEach((reading, i) => {
    const group = groups.find((g) => (g.reading === undefined || reading === undefined ? g.reading === reading : sameReading(g.reading, reading)))
    if (group) group.scales.push(scales[i]!)
    else groups.push({ scales: [scales[i]!], reading })
  })
  return groups
    .map(({ scales: at, reading }) => {
      const which = `scale${at.length === 1 ? '' : 's'} ${at.map(scaleText).join(', ')}`
      if (!reading) return `${which} not run`
      const shown = differing.map((id) => [id, reading.contracts.get(id) ?? 'absent'] as const).filter(([, verdict]) => verdict !== 'held')
      return `${which} ${reading.verdict}${shown.length > 0 ? ` (${shown.map(([id, verdict]) => `${id} ${verdict}`).join(', ')})` : ''}`
    })
    .join(' — ')
}

/**
 * Compares the runs of every scale by adapter and scenario: the run's verdict and each contract's verdict by id (not
 * messages or figures). A run missing at a scale differs. A scale whose kit run wrote no whole results, exited other
 * than 0 or 1 (1 is normal: mutants break contracts) or had a kit error fails the check and is left out of the
 * comparison. `ports` are the ports asked for: each has a row even with no run.
 */
export function scaleDiff(jobs: readonly ScaleJob[], ports: readonly string[] = []): ScaleDiff {
  const failures = jobs.flatMap(failuresOf)
  const compared = jobs.filter((job) => job.results && !job.results.interrupted)
  const scales = compared.map((job) => job.scale)
  const byKey = new Map<string, { port: string; adapter: string; scenario: string; readings: Array<Reading | undefined> }>()
  compared.forEach((job, i) => {
    for (const run of job.results!.runs) {
      const key = `${run.adapter}\u0000${run.scenario}`
      let entry = byKey.get(key)
      if (!entry) byKey.set(key, (entry = { port: run.port ?? portOfBundled(run.adapter), adapter: run.adapter, scenario: run.scenario, readings: compared.map(() => undefined) }))
      entry.readings[i] = readingOf(run)
    }
  })
  const entries = [...byKey.values()].sort((a, b) => compare(a.port, b.port) || compare(a.adapter, b.adapter) || compare(a.scenario, b.scenario))
  const differs = (readings: ReadonlyArray<Reading | undefined>) => readings.some((r) => r === undefined || !sameReading(r, readings[0]!))
  const allPorts = [...new Set([...ports, ...entries.map((e) => e.port)])]
  const rows = allPorts.map((port): ScaleRow => {
    const mine = entries.filter((e) => e.port === port)
    const differ = mine.filter((e) => differs(e.readings)).length
    return { port, systems: new Set(mine.map((e) => e.adapter)).size, scenarios: new Set(mine.map((e) => e.scenario)).size, runs: mine.length, same: mine.length - differ, differ }
  })
  const differences = entries.filter((e) => differs(e.readings)).map((e) => `${oneLine(e.adapter)} on ${oneLine(e.scenario)}: ${differenceText(scales, e.readings)}`)
  if (entries.length === 0 && failures.length === 0) failures.push('no run to compare: no scale ran any')
  return { scales: jobs.map((job) => job.scale), rows, runs: entries.length, differences, failures, exit: differences.length > 0 || failures.length > 0 ? 1 : 0 }
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Cells in fixed-width columns: the first (port) to the left, the rest to the right. */
function columns(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | '))
}

/**
 * The check's report: the table (`port | systems | scenarios | runs | same at every scale | differ`, a row per port and
 * a total row), each run that differs and each scale that failed on a line of its own, and last `scale-check: N runs ×
 * K scales, D differ — pass` (or `— FAIL`; `— INTERRUPTED by SIGINT` when a signal stopped the check).
 */
export function scaleDiffText(diff: ScaleDiff, interruptedBy?: string): string {
  const header = ['port', 'systems', 'scenarios', 'runs', 'same at every scale', 'differ']
  const sum = (key: 'systems' | 'scenarios' | 'runs' | 'same' | 'differ') => diff.rows.reduce((n, r) => n + r[key], 0)
  const total: ScaleRow = { port: 'total', systems: sum('systems'), scenarios: sum('scenarios'), runs: sum('runs'), same: sum('same'), differ: sum('differ') }
  const cells = [...diff.rows, total].map((r) => [r.port, ...[r.systems, r.scenarios, r.runs, r.same, r.differ].map((n) => n.toLocaleString('en-US'))])
  const [head, ...body] = columns([header, ...cells])
  const rule = head!.replace(/[^|]/g, '-').replace(/\|/g, '+')
  const lines = [head!, rule, ...body.slice(0, -1), rule, body.at(-1)!]
  const under = [...diff.differences, ...diff.failures]
  if (under.length > 0) lines.push('', ...under)
  const k = diff.scales.length
  const failed = diff.failures.length > 0 ? `, ${diff.failures.length} failure${diff.failures.length === 1 ? '' : 's'}` : ''
  const end = interruptedBy ? `INTERRUPTED by ${interruptedBy}` : diff.exit === 0 ? 'pass' : 'FAIL'
  lines.push('', `scale-check: ${diff.runs.toLocaleString('en-US')} runs × ${k} scale${k === 1 ? '' : 's'}, ${diff.differences.length} differ${failed} — ${end}`)
  return lines.join('\n')
}
