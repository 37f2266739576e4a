import { describe, expect, expectTypeOf, test } from 'vitest'
import { scaleDiff, scaleDiffText, scaleLine } from '#harness/soak/scale-diff.ts'
import type { ScaleJob, ScaleResults, ScaleRun } from '#harness/soak/scale-diff.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'

/** A hand-made run: its verdict and its contracts' verdicts (`id: verdict`), with a message and figures that differ between calls on purpose. */
function run(adapter: string, scenario: string, verdict: string, contracts: Record<string, string>, port = adapter.split('/')[0]!): ScaleRun {
  const noise = Math.random().toString(36)
  return { port, adapter, scenario, verdict, contracts: Object.entries(contracts).map(([id, v]) => ({ id, verdict: v, message: `${v} after ${noise} ms` })) }
}

/** The same runs at each scale: a reference that holds, a mutant that breaks one contract, a snapshotter that cannot run here. */
function runs(): ScaleRun[] {
  return [
    run('session-client/reference', 'regressions/dep-8516/delayed-frame', 'held', { 'recovery/deadline-is-timeout': 'held', 'recovery/reply-read-whole': 'held', 'size/page-fits-ceilings': 'not-applicable' }),
    run('session-client/mutants/no-try-limit', 'regressions/dep-8516/delayed-frame', 'broken', { 'recovery/deadline-is-timeout': 'held', 'recovery/transient-read-retried': 'broken' }),
    run('snapshotter/chromium', 'snapshotter/long-page', 'untestable', { 'size/page-fits-ceilings': 'unknown' }),
  ]
}

function job(scale: number, list: ScaleRun[], extra: Partial<ScaleJob> = {}): ScaleJob {
  return { scale, exit: 1, results: { runs: list, errors: [] }, seconds: 12.4, ...extra }
}

const ports = ['session-client', 'snapshotter']

describe('scaleDiff', () => {
  test('results.json as the kit writes it is what the check reads', () => {
    expectTypeOf<RunResults>().toExtend<ScaleResults>()
  })

  test('the same verdicts at every scale, whatever the messages, pass: exit 0, a row per port and a total, and the last line says pass', () => {
    const diff = scaleDiff([job(1, runs()), job(2, runs(), { exit: 0 }), job(4, runs())], ports)
    expect(diff.exit).toBe(0)
    expect(diff.differences).toEqual([])
    expect(diff.failures).toEqual([])
    expect(diff.rows).toEqual([
      { port: 'session-client', systems: 2, scenarios: 1, runs: 2, same: 2, differ: 0 },
      { port: 'snapshotter', systems: 1, scenarios: 1, runs: 1, same: 1, differ: 0 },
    ])
    const lines = scaleDiffText(diff).split('\n')
    expect(lines[0]).toBe('port           | systems | scenarios | runs | same at every scale | differ')
    expect(lines[1]).toMatch(/^-+\+-+\+/)
    expect(lines[2]).toBe('session-client |       2 |         1 |    2 |                   2 |      0')
    expect(lines[5]).toBe('total          |       3 |         2 |    3 |                   3 |      0')
    expect(lines.at(-1)).toBe('scale-check: 3 runs × 3 scales, 0 differ — pass')
    expect(lines).toHaveLength(8) // no line between the table and the last: nothing differs
  })

  test('a run whose verdict differs at one scale fails the check and is named, with the contract that differs', () => {
    const at4 = runs()
    at4[1] = run('session-client/mutants/no-try-limit', 'regressions/dep-8516/delayed-frame', 'held', { 'recovery/deadline-is-timeout': 'held', 'recovery/transient-read-retried': 'held' })
    const diff = scaleDiff([job(1, runs()), job(2, runs()), job(4, at4)], ports)
    expect(diff.exit).toBe(1)
    expect(diff.rows[0]).toEqual({ port: 'session-client', systems: 2, scenarios: 1, runs: 2, same: 1, differ: 1 })
    const text = scaleDiffText(diff)
    expect(text).toContain('\nsession-client/mutants/no-try-limit on regressions/dep-8516/delayed-frame: scales 1, 2 broken (recovery/transient-read-retried broken) — scale 4 held\n')
    expect(text.split('\n').at(-1)).toBe('scale-check: 3 runs × 3 scales, 1 differ — FAIL')
  })

  test('a run whose verdict is the same but one of its contracts is not (by id, whatever the order) differs', () => {
    const at2 = runs()
    at2[0] = run('session-client/reference', 'regressions/dep-8516/delayed-frame', 'held', { 'size/page-fits-ceilings': 'unknown', 'recovery/reply-read-whole': 'held', 'recovery/deadline-is-timeout': 'held' })
    const reordered = runs()
    reordered[0]!.contracts = [...reordered[0]!.contracts!].reverse()
    const diff = scaleDiff([job(1, runs()), job(2, at2), job(4, reordered)])
    expect(diff.exit).toBe(1)
    expect(diff.differences).toEqual(['session-client/reference on regressions/dep-8516/delayed-frame: scales 1, 4 held (size/page-fits-ceilings not-applicable) — scale 2 held (size/page-fits-ceilings unknown)'])
    const absent = runs()
    absent[0]!.contracts = absent[0]!.contracts!.slice(0, 2)
    expect(scaleDiff([job(1, runs()), job(2, absent)]).differences).toEqual(['session-client/reference on regressions/dep-8516/delayed-frame: scale 1 held (size/page-fits-ceilings not-applicable) — scale 2 held (size/page-fits-ceilings absent)'])
  })

  test('a run missing at one scale differs and is named', () => {
    const diff = scaleDiff([job(1, runs()), job(2, runs().slice(1)), job(4, runs())], ports)
    expect(diff.exit).toBe(1)
    expect(diff.differences).toEqual(['session-client/reference on regressions/dep-8516/delayed-frame: scales 1, 4 held — scale 2 not run'])
    expect(diff.rows[0]!.differ).toBe(1)
  })

  test('a kit run that exits 2 or writes no results.json fails the check and is named; the other scales are still compared', () => {
    const diff = scaleDiff([job(1, runs()), { scale: 2, exit: 2, lastLine: 'contract-kit: --time-scale: expected a time scale', seconds: 1 }, job(4, runs())], ports)
    expect(diff.exit).toBe(1)
    expect(diff.differences).toEqual([])
    expect(diff.failures).toEqual(['scale 2: exit 2, no results.json: contract-kit: --time-scale: expected a time scale'])
    expect(scaleDiffText(diff).split('\n').at(-1)).toBe('scale-check: 3 runs × 3 scales, 0 differ, 1 failure — FAIL')
    const exit2 = scaleDiff([job(1, runs()), job(2, runs(), { exit: 2 })])
    expect(exit2.exit).toBe(1)
    expect(exit2.failures).toEqual(['scale 2: exit 2'])
    expect(scaleDiff([job(1, runs()), job(2, runs(), { exit: null, signal: 'SIGKILL', results: undefined })]).failures).toEqual(['scale 2: exit SIGKILL, no results.json'])
  })

  test('a kit error or an interrupted kit run fails the check; a run at a scale that ran none is no pass', () => {
    expect(scaleDiff([job(1, runs()), job(2, runs(), { results: { runs: runs(), errors: ['harness/suite/pager.suite.ts: could not load'] } })]).failures).toEqual(['scale 2: kit error: harness/suite/pager.suite.ts: could not load'])
    const interrupted = scaleDiff([job(1, runs()), job(2, runs(), { results: { runs: runs().slice(1), interrupted: true, interruptedBy: 'SIGTERM' } })])
    expect(interrupted.failures).toEqual(['scale 2: interrupted by SIGTERM: not compared'])
    expect(interrupted.differences).toEqual([])
    const none = scaleDiff([job(1, []), job(2, [])], ['pager'])
    expect(none.exit).toBe(1)
    expect(none.rows).toEqual([{ port: 'pager', systems: 0, scenarios: 0, runs: 0, same: 0, differ: 0 }])
  })

  test('a check a signal stopped says so last, not pass', () => {
    expect(scaleDiffText(scaleDiff([job(1, runs())]), 'SIGINT').split('\n').at(-1)).toBe('scale-check: 3 runs × 1 scale, 0 differ — INTERRUPTED by SIGINT')
  })

  test('what an implementation wrote is printed on one safe line', () => {
    const bad = scaleDiff([job(1, runs()), { scale: 2, exit: 2, lastLine: 'bad \u001b[2Jthing' }])
    expect(bad.failures).toEqual(['scale 2: exit 2, no results.json: bad \\u{1b}[2Jthing'])
  })
})

describe('scaleLine', () => {
  test('runs, seconds and the runs a rerun settled; or the exit of a kit run without results', () => {
    const settled: ScaleRun = { ...run('session-client/reference', 's', 'held', {}), settling: [{ attempt: 1, timeScale: 2, verdict: 'error' }, { attempt: 2, timeScale: 4, verdict: 'held' }] }
    const undecided: ScaleRun = { ...run('session-client/reference', 't', 'error', {}), settling: [{ attempt: 1, timeScale: 2, verdict: 'error' }, { attempt: 2, timeScale: 4, verdict: 'error' }] }
    const many = Array.from({ length: 1232 }, (_, i) => run('pager/reference', `p${i}`, 'held', {}))
    expect(scaleLine(job(2, [...many, settled, undecided], { seconds: 311.6 }))).toBe('scale 2: 1,234 runs in 312 s, 1 settled by a rerun')
    expect(scaleLine({ scale: 1.5, exit: 2, seconds: 2 })).toBe('scale 1.5: exit 2, no results.json in 2 s')
    expect(scaleLine(job(4, runs(), { exit: 3, seconds: undefined }))).toBe('scale 4: 3 runs, 0 settled by a rerun, exit 3')
  })
})
