import { terminalText } from '#harness/reporters/terminal-text.ts'

/** One attempt of a run that was run again because its exercised contract was unknown because of time (results.json's `settling`). */
export interface SoakAttempt {
  attempt: number
  timeScale: number
  verdict: string
  reason?: string
}

/** What the soak reads of one run in results.json: its verdict, the scale that decided it, its attempts, and why it failed. */
export interface SoakRun {
  scenario: string
  adapter: string
  verdict: string
  /** The scale of the attempt that decided the run (absent before the kit wrote it: the run's scale). */
  timeScale?: number
  /** Every attempt in order, when the run was run more than once; the last decides. */
  settling?: readonly SoakAttempt[]
  error?: { message: string }
  contracts?: ReadonlyArray<{ id: string; verdict: string; expectedBy?: unknown; message?: string }>
  stale?: ReadonlyArray<{ pattern: string }>
}

/** What the soak reads of one job's results.json (a reading of `RunResults`: every field it does not need is left out). */
export interface SoakResults {
  counts: { runs: number; held: number; 'expected-broken': number; broken: number; 'unexpected-held': number; error: number; untestable: number }
  runs: readonly SoakRun[]
  errors?: readonly string[]
  /** The run's scale (absent before the kit wrote it: 1). */
  timeScale?: number
  interrupted?: boolean
  interruptedBy?: string
}

/** One finished job of the soak: its number, how its process ended, its parsed results.json (absent when it wrote none) and its last line of output. */
export interface SoakJob {
  job: number
  exit: number | null
  /** The signal that ended the job's process, when one did. */
  signal?: string
  results?: SoakResults
  /** The job's summary line (`contract-kit: N runs: …`), else its last line of output. */
  lastLine?: string
}

/** One row of the soak's table: a job's exit, its verdict counts, the runs settled by a rerun, and on which attempt and scale reruns ended. */
export interface SoakRow {
  job: string
  exit: string
  counts?: SoakResults['counts']
  settled: number
  /** How many runs ended on each attempt after the first, by attempt and scale: `2@×2` → 3. */
  attempts: Map<string, number>
}

/** The verdict columns, in the table's order. */
const verdictColumns = ['runs', 'held', 'expected-broken', 'broken', 'error', 'unexpected-held', 'untestable'] as const

/** The verdicts that fail the soak. */
const failing = ['error', 'broken', 'unexpected-held'] as const

const passing = new Set(['held', 'expected-broken'])

/** The attempts of a run that was run more than once, or none. */
function settlingOf(run: SoakRun): readonly SoakAttempt[] {
  return run.settling && run.settling.length > 1 ? run.settling : []
}

/** Whether a run failed at first and passed on a later attempt. */
function settledByRerun(run: SoakRun): boolean {
  const last = settlingOf(run).at(-1)
  return last !== undefined && passing.has(last.verdict)
}

/** A scale as the report prints it: `2`, `1.5`. */
function scale(value: number): string {
  return String(Number(value.toPrecision(4)))
}

/** The runs of a job that ended on an attempt after the first, counted by `attempt@×scale`. */
function attemptsOf(results: SoakResults): Map<string, number> {
  const counted = new Map<string, number>()
  for (const run of results.runs) {
    const settling = settlingOf(run)
    const last = settling.at(-1)
    if (!last) continue
    const key = `${last.attempt ?? settling.length}@×${scale(last.timeScale ?? run.timeScale ?? results.timeScale ?? 1)}`
    counted.set(key, (counted.get(key) ?? 0) + 1)
  }
  return counted
}

/** `2@×2: 3, 3@×4: 1`, by attempt then scale, or `-`. */
function attemptsCell(attempts: ReadonlyMap<string, number>): string {
  const order = (key: string) => key.split('@×').map(Number) as [number, number]
  const keys = [...attempts.keys()].sort((a, b) => order(a)[0] - order(b)[0] || order(a)[1] - order(b)[1])
  return keys.length === 0 ? '-' : keys.map((k) => `${k}: ${attempts.get(k)}`).join(', ')
}

/** How a job's process ended: its exit code, or the signal that ended it. */
function exitCell(job: SoakJob): string {
  return job.exit !== null ? String(job.exit) : (job.signal ?? '?')
}

/** One row per job and a total row (job `total`): the exit, verdict counts, runs settled by a rerun, and the attempts reruns ended on. */
export function soakRows(jobs: readonly SoakJob[]): SoakRow[] {
  const rows: SoakRow[] = jobs.map((job) => ({
    job: String(job.job),
    exit: exitCell(job),
    ...(job.results ? { counts: { ...job.results.counts } } : {}),
    settled: job.results?.runs.filter(settledByRerun).length ?? 0,
    attempts: job.results ? attemptsOf(job.results) : new Map(),
  }))
  const total: SoakRow = { job: 'total', exit: [...new Set(rows.map((r) => r.exit))].sort().join(','), counts: { runs: 0, held: 0, 'expected-broken': 0, broken: 0, 'unexpected-held': 0, error: 0, untestable: 0 }, settled: 0, attempts: new Map() }
  for (const row of rows) {
    for (const column of verdictColumns) total.counts![column] += row.counts?.[column] ?? 0
    total.settled += row.settled
    for (const [key, n] of row.attempts) total.attempts.set(key, (total.attempts.get(key) ?? 0) + n)
  }
  return [...rows, total]
}

/** Whether the soak passed: every job wrote whole results with no kit error, and no run in any job ended `error`, `broken` or `unexpected-held`. */
export function soakPassed(jobs: readonly SoakJob[]): boolean {
  return jobs.every((job) => job.results !== undefined && !job.results.interrupted && (job.results.errors ?? []).length === 0 && failing.every((v) => (job.results!.counts[v] ?? 0) === 0))
}

/** Text on one line, at most `max` characters. */
function oneLine(text: string, max = 240): string {
  const line = terminalText(text).trim()
  return line.length > max ? `${line.slice(0, max - 1)}…` : line
}

/** Why a run that was run once failed: its error, its unexpectedly broken contracts, or its stale known-failing entries. */
function whyFailed(run: SoakRun): string {
  if (run.error) return oneLine(run.error.message.split('\n')[0] ?? '')
  const broken = (run.contracts ?? []).filter((c) => c.verdict === 'broken' && !c.expectedBy).map((c) => `${c.id} broken${c.message ? `: ${c.message}` : ''}`)
  if (broken.length > 0) return oneLine(broken.join('; '))
  return oneLine((run.stale ?? []).map((s) => `stale entry ${s.pattern}`).join('; '))
}

/** `job 2: <scenario> on <adapter>: <verdict> on attempt k at scale s[: why] — attempt 1: <verdict>: <reason>; …`. */
function runLine(job: number, run: SoakRun, results: SoakResults): string {
  const settling = settlingOf(run)
  const last = settling.at(-1)
  const attempt = last ? (last.attempt ?? settling.length) : 1
  const at = scale(last?.timeScale ?? run.timeScale ?? results.timeScale ?? 1)
  const why = passing.has(run.verdict) ? '' : (last ? (last.reason ? oneLine(last.reason) : '') : whyFailed(run))
  const earlier = settling.slice(0, -1).map((a) => `attempt ${a.attempt}: ${a.verdict}${a.reason ? `: ${oneLine(a.reason, 160)}` : ''}`)
  return `job ${job}: ${oneLine(run.scenario)} on ${oneLine(run.adapter)}: ${run.verdict} on attempt ${attempt} at scale ${at}${why ? `: ${why}` : ''}${earlier.length > 0 ? ` — ${earlier.join('; ')}` : ''}`
}

/** The lines under the table: each job without whole results, each kit error, and each run that was settled by a rerun or failed. */
function runLines(jobs: readonly SoakJob[]): string[] {
  const lines: string[] = []
  for (const job of jobs) {
    const results = job.results
    if (!results) {
      lines.push(`job ${job.job}: exit ${exitCell(job)}, no results.json${job.lastLine ? `: ${oneLine(job.lastLine)}` : ''}`)
      continue
    }
    if (results.interrupted) lines.push(`job ${job.job}: interrupted${results.interruptedBy ? ` by ${results.interruptedBy}` : ''}`)
    for (const e of results.errors ?? []) lines.push(`job ${job.job}: kit error: ${oneLine(e)}`)
    for (const run of results.runs) if (settledByRerun(run) || !passing.has(run.verdict)) lines.push(runLine(job.job, run, results))
  }
  return lines
}

/** Cells in fixed-width columns: the first (job) to the left, the rest to the right. */
function columns(rows: readonly string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)))
  return rows.map((r) => r.map((cell, i) => (i === 0 || i === r.length - 1 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join(' | ').trimEnd())
}

/**
 * The soak's report: the table (one row per job and a total row: exit, verdict counts, runs settled by a rerun, and the
 * attempts reruns ended on with their scales), then each job that wrote no results, each kit error and each run that
 * was settled or failed, and last `soak: N jobs, E error, B broken, U unexpected-held, S settled by a rerun — pass` (or
 * `— FAIL`; `— INTERRUPTED by SIGINT` when a signal stopped the soak before its last job).
 */
export function soakTable(jobs: readonly SoakJob[], interruptedBy?: string): string {
  const header = ['job', 'exit', ...verdictColumns, 'settled-by-rerun', 'attempts']
  const rows = soakRows(jobs)
  const cells = rows.map((r) => [r.job, r.exit, ...verdictColumns.map((c) => (r.counts ? String(r.counts[c] ?? 0) : '-')), r.counts ? String(r.settled) : '-', attemptsCell(r.attempts)])
  const [head, ...body] = columns([header, ...cells])
  const rule = head!.replace(/[^|]/g, '-').replace(/\|/g, '+')
  const lines = [head!, rule, ...body.slice(0, -1), rule, body.at(-1)!]
  const under = runLines(jobs)
  if (under.length > 0) lines.push('', ...under)
  const total = rows.at(-1)!
  const missing = jobs.filter((j) => !j.results).length
  const kitErrors = jobs.reduce((n, j) => n + (j.results?.errors?.length ?? 0), 0)
  const extra = `${missing > 0 ? `, ${missing} without results` : ''}${kitErrors > 0 ? `, ${kitErrors} kit error${kitErrors === 1 ? '' : 's'}` : ''}`
  lines.push('', `soak: ${jobs.length} job${jobs.length === 1 ? '' : 's'}, ${total.counts!.error} error, ${total.counts!.broken} broken, ${total.counts!['unexpected-held']} unexpected-held, ${total.settled} settled by a rerun${extra} — ${interruptedBy ? `INTERRUPTED by ${interruptedBy}` : soakPassed(jobs) ? 'pass' : 'FAIL'}`)
  return lines.join('\n')
}
