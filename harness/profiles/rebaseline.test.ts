import { describe, expect, it } from 'vitest'
import { rebaseline, type ProfileEntry } from '#harness/profiles/rebaseline.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import type { ContractOutcome, RunVerdict } from '#harness/expectations/decide-verdict.ts'

const adapter = 'profile:my-impl'
const link = 'https://example.com/issues/42'
const fits = 'size/page-fits-ceilings'
const bound = 'size/limit-is-upper-bound'
const reachable = 'recovery/first-page-reachable'
const ids = ['regressions/x/a', 'regressions/x/b', 'regressions/x/c', 'regressions/y/a']

const held = (id: string): ContractOutcome => ({ id, exercised: true, verdict: 'held', evidence: 'seen', figures: { seen: 1 } })
const broken = (id: string, message = `${id} broke`): ContractOutcome => ({ id, exercised: true, verdict: 'broken', message, witness: {} })

type Run = RunResults['runs'][number]
/** A run made without expectations: broken when a contract broke, else held (or the verdict given). */
const run = (scenario: string, contracts: ContractOutcome[], verdict?: RunVerdict, by = adapter): Run => ({
  scenario,
  adapter: by,
  port: 'pager',
  system: null,
  verdict: verdict ?? (contracts.some((c) => c.verdict === 'broken') ? 'broken' : 'held'),
  exercises: contracts.map((c) => c.id),
  contracts,
  stale: [],
  reproduce: `npx contract-kit run --scenario ${scenario}`,
})

/** Minimal results: only `runs` is read. */
const results = (...runs: Run[]): RunResults => ({
  format: 'contract-kit/results@2',
  timeScale: 1,
  passed: false,
  counts: { runs: runs.length, held: 0, 'expected-broken': 0, broken: 0, 'unexpected-held': 0, error: 0, untestable: 0 },
  runs,
  errors: [],
})

const entry = (c: string, contract?: string): ProfileEntry => ({ case: c, ...(contract ? { contract } : {}), reason: 'known', link: 'https://example.com/issues/1' })

describe('rebaseline', () => {
  it('keeps an entry that still covers a broken contract', () => {
    const old = [entry('regressions/x/a', fits)]
    const next = rebaseline(old, results(run('regressions/x/a', [broken(fits), held(bound)])), adapter, ids, link)
    expect(next).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [{ keep: 0 }], removed: [], added: [], undecided: [] })
  })

  it('removes a stale entry: every case it covers ran and held', () => {
    const old = [entry('regressions/x/a', fits), entry('regressions/x/*')]
    const next = rebaseline(old, results(run('regressions/x/a', [held(fits)]), run('regressions/x/b', [held(fits)]), run('regressions/x/c', [held(fits)])), adapter, ids, link)
    expect(next).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [], removed: old, added: [], undecided: [] })
  })

  it('removes an entry whose contract held even though another contract of its case broke (that one gets its own entry)', () => {
    const old = [entry('regressions/x/a', fits)]
    const next = rebaseline(old, results(run('regressions/x/a', [held(fits), broken(bound, 'limit 5 returned 6 items')])), adapter, ids, link)
    expect(next.removed).toEqual(old)
    expect(next.list).toEqual([{ add: { case: 'regressions/x/a', contract: bound, reason: 'limit 5 returned 6 items', link } }])
  })

  it('keeps an entry covering a case that did not run (out of scope of this run)', () => {
    const old = [entry('regressions/y/a'), entry('regressions/x/*', fits)]
    // x/c did not run: the wildcard entry is not decided either.
    const next = rebaseline(old, results(run('regressions/x/a', [held(fits)]), run('regressions/x/b', [held(fits)])), adapter, ids, link)
    expect(next).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [{ keep: 0 }, { keep: 1 }], removed: [], added: [], undecided: [] })
  })

  it('keeps an entry covering a case that ended in error, and lists the case as undecided', () => {
    const old = [entry('regressions/x/a', fits)]
    const next = rebaseline(old, results(run('regressions/x/a', [held(fits)], 'error')), adapter, ids, link)
    expect(next).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [{ keep: 0 }], removed: [], added: [], undecided: ['regressions/x/a'] })
  })

  it('adds an exact entry for an uncovered broken contract: case, contract, a one-line reason from the message, the link', () => {
    const next = rebaseline([], results(run('regressions/x/b', [held(fits), broken(reachable, 'page 1 was\n  never  read\tback')])), adapter, ids, link)
    const added = { case: 'regressions/x/b', contract: reachable, reason: 'page 1 was never read back', link }
    expect(next).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [{ add: added }], removed: [], added: [added], undecided: [] })
  })

  it('cuts a long message to one line of 200 characters, and gives a reason to an empty one', () => {
    const next = rebaseline([], results(run('regressions/x/a', [broken(fits, 'w '.repeat(300)), broken(bound, '  ')])), adapter, ids, undefined)
    expect(next.added.map((a) => a.reason.length)).toEqual([200, 'broken when the baseline was taken'.length])
    expect(next.added[0].reason.endsWith('...')).toBe(true)
    expect(next.added[1].reason).toBe('broken when the baseline was taken')
    expect(next.added.map((a) => a.link)).toEqual(['', ''])
  })

  it('a wildcard entry covering several broken contracts is kept and adds nothing', () => {
    const old = [entry('regressions/x/*', 'size/*')]
    const runs = results(run('regressions/x/a', [broken(fits), broken(bound)]), run('regressions/x/b', [broken(fits)]), run('regressions/x/c', [held(fits)]))
    expect(rebaseline(old, runs, adapter, ids, link)).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [{ keep: 0 }], removed: [], added: [], undecided: [] })
  })

  it('a wildcard entry adds nothing for what it covers, but an uncovered contract beside it gets an entry after the kept ones', () => {
    const old = [entry('regressions/x/*', 'size/*')]
    const runs = results(run('regressions/x/a', [broken(fits), broken(reachable, 'gone')]), run('regressions/x/b', [held(fits)]), run('regressions/x/c', [held(fits)]))
    expect(rebaseline(old, runs, adapter, ids, link).list).toEqual([{ keep: 0 }, { add: { case: 'regressions/x/a', contract: reachable, reason: 'gone', link } }])
  })

  it('ignores runs of another adapter', () => {
    const old = [entry('regressions/x/a', fits)]
    const runs = results(run('regressions/x/a', [held(fits)]), run('regressions/x/b', [broken(fits)], undefined, 'pager/reference'), run('regressions/x/a', [broken(fits)], undefined, 'pager/reference'))
    expect(rebaseline(old, runs, adapter, ids, link)).toEqual({ flaky: [], moved: [], addedFlaky: [], list: [], removed: old, added: [], undecided: [] })
  })

  it('an entry whose case did not run for this adapter (only for another) is kept', () => {
    const old = [entry('regressions/x/a', fits)]
    const runs = results(run('regressions/x/a', [held(fits)], undefined, 'pager/reference'))
    expect(rebaseline(old, runs, adapter, ids, link).list).toEqual([{ keep: 0 }])
  })

  describe('over several runs (baseline --repeat N)', () => {
    it('keeps an entry for a contract broken in every run, and moves one broken only sometimes to the known-flaky list', () => {
      const old = [entry('regressions/x/a', fits), entry('regressions/x/b', fits)]
      const first = results(run('regressions/x/a', [broken(fits)]), run('regressions/x/b', [broken(fits)]))
      const second = results(run('regressions/x/a', [broken(fits)]), run('regressions/x/b', [held(fits)]))
      const next = rebaseline(old, [first, second], adapter, ['regressions/x/a', 'regressions/x/b'], link)
      expect(next).toMatchObject({ list: [{ keep: 0 }], removed: [], added: [], moved: [old[1]], addedFlaky: [], flaky: [{ add: old[1] }] })
    })

    it('adds a known-flaky entry for an uncovered contract broken in some runs, saying how often', () => {
      const first = results(run('regressions/x/a', [broken(bound, 'limit 5 returned 6 items')]))
      const second = results(run('regressions/x/a', [held(bound)]))
      const third = results(run('regressions/x/a', [held(bound)]))
      const next = rebaseline([], [first, second, third], adapter, ['regressions/x/a'], link)
      expect(next.added).toEqual([])
      expect(next.addedFlaky).toEqual([{ case: 'regressions/x/a', contract: bound, reason: 'broke in 1 of 3 runs: limit 5 returned 6 items', link }])
    })

    it('never adds a known-failing entry for what a known-flaky entry covers, and keeps every known-flaky entry', () => {
      const flaky = [entry('regressions/x/a'), entry('regressions/y/*')]
      const next = rebaseline([], [results(run('regressions/x/a', [broken(fits)]))], adapter, ids, link, flaky)
      expect(next).toMatchObject({ list: [], added: [], addedFlaky: [], flaky: [{ keep: 0 }, { keep: 1 }] })
    })

    it('a run that errored in one attempt and decided in another counts only the decided ones', () => {
      const first = results(run('regressions/x/a', [], 'error'))
      const second = results(run('regressions/x/a', [broken(fits)]))
      const next = rebaseline([], [first, second], adapter, ['regressions/x/a'], link)
      expect(next.added).toEqual([{ case: 'regressions/x/a', contract: fits, reason: `${fits} broke`, link }])
      expect(next.undecided).toEqual([])
    })
  })
})
