import { describe, expect, expectTypeOf, test } from 'vitest'
import { soakPassed, soakRows, soakTable } from '#harness/soak/soak-table.ts'
import type { SoakAttempt, SoakJob, SoakResults, SoakRun } from '#harness/soak/soak-table.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'

/** Hand-made results.json: the runs given, and counts worked out from them. */
function results(runs: SoakRun[], extra: Partial<SoakResults> = {}): SoakResults {
  const counts = { runs: runs.length, held: 0, 'expected-broken': 0, broken: 0, 'unexpected-held': 0, error: 0, untestable: 0 }
  for (const run of runs) counts[run.verdict as keyof typeof counts]++
  return { counts, runs, errors: [], ...extra }
}

const held = (scenario: string, adapter = 'pager/reference'): SoakRun => ({ scenario, adapter, verdict: 'held' })

/** A run that was inconclusive because of time at first, with its attempts (scale 1, 2, 4…), ending on `verdicts`' last. */
function rerun(scenario: string, verdicts: string[], adapter = 'session-client/reference'): SoakRun {
  const settling: SoakAttempt[] = verdicts.map((verdict, i) => ({ attempt: i + 1, timeScale: 2 ** i, verdict, ...(verdict === 'error' ? { reason: `recovery/deadline-is-timeout is exercised by this scenario but came back unknown: the client started ${i + 1} s late` } : {}) }))
  return { scenario, adapter, verdict: verdicts.at(-1)!, timeScale: 2 ** (verdicts.length - 1), settling }
}

const clean: SoakJob[] = [
  { job: 1, exit: 0, results: results([held('a'), held('b'), { scenario: 'c', adapter: 'pager/analysis-result-budget', verdict: 'expected-broken' }]) },
  { job: 2, exit: 0, results: results([held('a'), held('b'), { scenario: 'c', adapter: 'pager/analysis-result-budget', verdict: 'expected-broken' }]) },
]

describe('soakTable', () => {
  test('results.json as the kit writes it is what the soak reads', () => {
    expectTypeOf<RunResults>().toExtend<SoakResults>()
  })

  test('a clean set of jobs passes: exit 0, a row per job and a total, and the last line says pass', () => {
    expect(soakPassed(clean)).toBe(true)
    const text = soakTable(clean)
    const lines = text.split('\n')
    expect(lines[0]).toMatch(/^job\s+\| exit \| runs \| held \| expected-broken \| broken \| error \| unexpected-held \| untestable \| settled-by-rerun \| attempts$/)
    expect(lines[1]).toMatch(/^-+\+-+/)
    expect(lines[2]).toMatch(/^1\s+\|\s+0 \|\s+3 \|\s+2 \|\s+1 \|\s+0 \|\s+0 \|\s+0 \|\s+0 \|\s+0 \| -$/)
    expect(lines[5]).toMatch(/^total \|\s+0 \|\s+6 \|\s+4 \|\s+2 \|/)
    // fixed-width: every row of the table as wide as its header, column bars in the same places
    const bars = (line: string) => [...line].flatMap((c, i) => (c === '|' || c === '+' ? [i] : []))
    for (const line of lines.slice(1, 6)) expect(bars(line)).toEqual(bars(lines[0]!))
    expect(lines.at(-1)).toBe('soak: 2 jobs, 0 error, 0 broken, 0 unexpected-held, 0 settled by a rerun — pass')
    expect(text).not.toMatch(/^job \d+:/m)
  })

  test.each([
    ['error', { scenario: 'regressions/dep-8516/goaway-mid-watch', adapter: 'session-client/reference@command', verdict: 'error', error: { message: 'adapter failed: the client exited 3\nits stderr…' } }, 'error on attempt 1 at scale 1: adapter failed: the client exited 3'],
    ['broken', { scenario: 'pager/forty-exchanges', adapter: 'pager/reference', verdict: 'broken', contracts: [{ id: 'size/page-fits-ceilings', verdict: 'broken', message: 'page 1 measures 922,232 retained bytes' }, { id: 'recovery/first-page-reachable', verdict: 'broken', message: 'expected', expectedBy: { pattern: '*' } }] }, 'broken on attempt 1 at scale 1: size/page-fits-ceilings broken: page 1 measures 922,232 retained bytes'],
    ['unexpected-held', { scenario: 'pager/forty-exchanges', adapter: 'pager/analysis-result-budget', verdict: 'unexpected-held', stale: [{ pattern: 'pager/forty-*' }] }, 'unexpected-held on attempt 1 at scale 1: stale entry pager/forty-*'],
  ] as Array<[string, SoakRun, string]>)('one %s run in one job fails the soak, and is listed under the table', (verdict, run, said) => {
    const jobs: SoakJob[] = [...clean, { job: 3, exit: 1, results: results([held('a'), run]) }]
    expect(soakPassed(jobs)).toBe(false)
    const lines = soakTable(jobs).split('\n')
    expect(lines).toContain(`job 3: ${run.scenario} on ${run.adapter}: ${said}`)
    const counts = { error: 0, broken: 0, 'unexpected-held': 0, [verdict]: 1 }
    expect(lines.at(-1)).toBe(`soak: 3 jobs, ${counts.error} error, ${counts.broken} broken, ${counts['unexpected-held']} unexpected-held, 0 settled by a rerun — FAIL`)
    expect(soakRows(jobs).at(-1)!.counts![verdict as 'error']).toBe(1)
    expect(soakRows(jobs).at(-1)!.exit).toBe('0,1')
  })

  test('an untestable run is listed but, as the soak is told, does not fail it', () => {
    const jobs: SoakJob[] = [{ job: 1, exit: 1, results: results([held('a'), { scenario: 'snap', adapter: 'snapshotter/chromium', verdict: 'untestable', error: { message: 'untestable: no browser' } }]) }]
    expect(soakPassed(jobs)).toBe(true)
    expect(soakTable(jobs)).toContain('job 1: snap on snapshotter/chromium: untestable on attempt 1 at scale 1: untestable: no browser')
  })

  test('runs settled by a rerun are counted, and the attempts they ended on with their scales', () => {
    const jobs: SoakJob[] = [
      { job: 1, exit: 0, results: results([held('a'), rerun('s1', ['error', 'held']), rerun('s2', ['error', 'held']), rerun('s3', ['error', 'error', 'expected-broken'])]) },
      { job: 2, exit: 0, results: results([rerun('s1', ['error', 'held']), held('s2')]) },
      { job: 3, exit: 0, results: results([held('a')]) },
    ]
    expect(soakPassed(jobs)).toBe(true)
    const rows = soakRows(jobs)
    expect(rows.map((r) => r.settled)).toEqual([3, 1, 0, 4])
    expect(rows.map((r) => Object.fromEntries(r.attempts))).toEqual([{ '2@×2': 2, '3@×4': 1 }, { '2@×2': 1 }, {}, { '2@×2': 3, '3@×4': 1 }])
    const text = soakTable(jobs)
    const lines = text.split('\n')
    expect(lines[2]).toMatch(/\|\s+3 \| 2@×2: 2, 3@×4: 1$/)
    expect(lines[4]).toMatch(/\|\s+0 \| -$/)
    expect(lines[6]).toMatch(/^total .*\|\s+4 \| 2@×2: 3, 3@×4: 1$/)
    expect(lines).toContain('job 1: s1 on session-client/reference: held on attempt 2 at scale 2 — attempt 1: error: recovery/deadline-is-timeout is exercised by this scenario but came back unknown: the client started 1 s late')
    expect(lines).toContain('job 1: s3 on session-client/reference: expected-broken on attempt 3 at scale 4 — attempt 1: error: recovery/deadline-is-timeout is exercised by this scenario but came back unknown: the client started 1 s late; attempt 2: error: recovery/deadline-is-timeout is exercised by this scenario but came back unknown: the client started 2 s late')
    expect(lines.at(-1)).toBe('soak: 3 jobs, 0 error, 0 broken, 0 unexpected-held, 4 settled by a rerun — pass')
  })

  test('a run still inconclusive on its last attempt is no settled run: it fails the soak, with its last reason', () => {
    const jobs: SoakJob[] = [{ job: 1, exit: 1, results: results([rerun('s1', ['error', 'error', 'error'])], { timeScale: 1 }) }]
    expect(soakPassed(jobs)).toBe(false)
    expect(soakRows(jobs)[0]!.settled).toBe(0)
    expect(Object.fromEntries(soakRows(jobs)[0]!.attempts)).toEqual({ '3@×4': 1 })
    const text = soakTable(jobs)
    expect(text).toContain('job 1: s1 on session-client/reference: error on attempt 3 at scale 4: recovery/deadline-is-timeout is exercised by this scenario but came back unknown: the client started 3 s late — attempt 1: error: ')
    expect(text.split('\n').at(-1)).toBe('soak: 1 job, 1 error, 0 broken, 0 unexpected-held, 0 settled by a rerun — FAIL')
  })

  test("the scales are the attempts': in a run at ×2, a run rerun at ×4, and a run that was not rerun at the run's ×2", () => {
    const run: SoakRun = { scenario: 's', adapter: 'x', verdict: 'held', timeScale: 4, settling: [{ attempt: 1, timeScale: 2, verdict: 'error' }, { attempt: 2, timeScale: 4, verdict: 'held' }] }
    const jobs: SoakJob[] = [{ job: 1, exit: 0, results: results([run, { scenario: 'f', adapter: 'x', verdict: 'broken' }], { timeScale: 2 }) }]
    expect(Object.fromEntries(soakRows(jobs)[0]!.attempts)).toEqual({ '2@×4': 1 })
    expect(soakTable(jobs)).toContain('job 1: s on x: held on attempt 2 at scale 4 — attempt 1: error')
    expect(soakTable(jobs)).toContain('job 1: f on x: broken on attempt 1 at scale 2')
  })

  test('a job that wrote no results.json, or a kit error, fails the soak and says so', () => {
    const noResults: SoakJob[] = [...clean, { job: 3, exit: null, signal: 'SIGKILL', lastLine: 'Killed' }]
    expect(soakPassed(noResults)).toBe(false)
    const text = soakTable(noResults)
    expect(text).toMatch(/^3\s+\|\s+SIGKILL \|(\s+- \|){8} -$/m)
    expect(text).toContain('job 3: exit SIGKILL, no results.json: Killed')
    expect(text.split('\n').at(-1)).toBe('soak: 3 jobs, 0 error, 0 broken, 0 unexpected-held, 0 settled by a rerun, 1 without results — FAIL')
    const kitError: SoakJob[] = [{ job: 1, exit: 1, results: results([held('a')], { errors: ['harness/suite/pager.suite.ts: could not load'] }) }]
    expect(soakPassed(kitError)).toBe(false)
    expect(soakTable(kitError)).toContain('job 1: kit error: harness/suite/pager.suite.ts: could not load')
  })

  test('a soak a signal stopped says so last, not pass', () => {
    expect(soakTable(clean, 'SIGINT').split('\n').at(-1)).toBe('soak: 2 jobs, 0 error, 0 broken, 0 unexpected-held, 0 settled by a rerun — INTERRUPTED by SIGINT')
  })

  test('what an implementation wrote is printed on one safe line', () => {
    const jobs: SoakJob[] = [{ job: 1, exit: 1, results: results([{ scenario: 's', adapter: 'x', verdict: 'error', error: { message: 'bad \u001b[2Jthing' } }]) }]
    expect(soakTable(jobs)).toContain('job 1: s on x: error on attempt 1 at scale 1: bad \\u{1b}[2Jthing')
  })
})
