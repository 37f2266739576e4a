import { describe, expect, it } from 'vitest'
import { runResults, verdictOrder } from '#harness/reporters/run-results.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { RunVerdict } from '#harness/expectations/decide-verdict.ts'
import type { History } from '#harness/history/history.ts'

const history = (scenario: string, adapter: string): History => ({
  format: 'contract-kit/history@2',
  scenario,
  adapter,
  port: 'pager',
  system: null,
  fixture: null,
  ceilings: [],
  oracle: [],
  steps: [],
  exercises: ['size/page-fits-ceilings'],
  observes: [],
  expectations: [],
  events: [],
  stderr: '',
})

/** A run outcome; a run that did not hold keeps its History, as replayScenario does. */
const outcome = (adapter: string, scenario: string, verdict: RunVerdict): RunOutcome => ({
  scenario,
  adapter,
  port: 'pager',
  system: null,
  verdict,
  exercises: ['size/page-fits-ceilings'],
  contracts: [
    verdict === 'held'
      ? { id: 'size/page-fits-ceilings', exercised: true, verdict: 'held', evidence: '2 pages measured, the largest 100 of 262,144 retained-bytes', figures: { pages: 2, largest: 100, max: 262144 } }
      : { id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: 'too big', witness: {} },
    { id: 'recovery/cursor-exactly-once', exercised: false, verdict: 'not-applicable', reason: 'the scenario makes no walk' },
  ],
  stale: [],
  reproduce: `npx contract-kit run --adapter ${adapter} --scenario ${scenario}`,
  ...(verdict === 'held' ? {} : { history: history(scenario, adapter) }),
})

const fileOf = (o: RunOutcome) => `histories/${o.adapter}/${o.scenario}.json`

describe('runResults', () => {
  it('sorts runs by adapter, then scenario, without touching its input', () => {
    const input = [outcome('pager/reference', 's/b', 'held'), outcome('pager/analysis-result-budget', 's/b', 'held'), outcome('pager/reference', 's/a', 'held'), outcome('pager/analysis-result-budget', 's/a', 'held')]
    const before = input.map((o) => `${o.adapter} ${o.scenario}`)
    const results = runResults(input, [], fileOf)
    expect(results.runs.map((r) => `${r.adapter} ${r.scenario}`)).toEqual([
      'pager/analysis-result-budget s/a',
      'pager/analysis-result-budget s/b',
      'pager/reference s/a',
      'pager/reference s/b',
    ])
    expect(input.map((o) => `${o.adapter} ${o.scenario}`)).toEqual(before)
  })

  it('sorts by code unit, not by locale (deterministic everywhere)', () => {
    const results = runResults([outcome('a', 's/b', 'held'), outcome('a', 's/B', 'held'), outcome('a', 's/a', 'held')], [], fileOf)
    expect(results.runs.map((r) => r.scenario)).toEqual(['s/B', 's/a', 's/b'])
  })

  it('counts every verdict, zeros included, and the runs', () => {
    const results = runResults([outcome('a', 's/1', 'held'), outcome('a', 's/2', 'held'), outcome('a', 's/3', 'broken'), outcome('b', 's/1', 'error')], [], fileOf)
    expect(results.counts).toEqual({ runs: 4, held: 2, 'expected-broken': 0, broken: 1, 'unexpected-held': 0, error: 1, untestable: 0 })
    expect(Object.keys(results.counts)).toEqual(['runs', ...verdictOrder])
  })

  it('points each kept History at its file; a held run keeps none', () => {
    const results = runResults([outcome('a', 's/held', 'held'), outcome('a', 's/broken', 'broken')], [], fileOf)
    expect(results.runs[0]).toMatchObject({ scenario: 's/broken', history: 'histories/a/s/broken.json' })
    expect(results.runs[1]).not.toHaveProperty('history')
    expect(JSON.stringify(results)).not.toContain('contract-kit/history@')
  })

  it.each<[RunVerdict[], boolean]>([
    [['held'], true],
    [['held', 'expected-broken'], true],
    [['expected-broken'], true],
    [['held', 'broken'], false],
    [['held', 'unexpected-held'], false],
    [['held', 'error'], false],
  ])('passed for %j: %s', (verdicts, passed) => {
    const results = runResults(verdicts.map((v, i) => outcome('a', `s/${i}`, v)), [], fileOf)
    expect(results.passed).toBe(passed)
  })

  it('keeps the run’s time scale, and names each earlier attempt’s History of a settled run (the last attempt’s is the run’s)', () => {
    const attemptFile = (o: RunOutcome, attempt?: number) => `histories/${o.adapter}/${o.scenario}${attempt ? `.attempt-${attempt}` : ''}.json`
    const settled: RunOutcome = {
      ...outcome('a', 's/late', 'held'),
      timeScale: 4,
      settling: [
        { attempt: 1, timeScale: 2, verdict: 'error', reason: 'late', history: history('s/late', 'a') },
        { attempt: 2, timeScale: 4, verdict: 'held' },
      ],
    }
    const results = runResults([settled], [], attemptFile, undefined, undefined, 2)
    expect(results.timeScale).toBe(2)
    expect(results.runs[0]).toMatchObject({ timeScale: 4, settling: [{ attempt: 1, timeScale: 2, verdict: 'error', reason: 'late', history: 'histories/a/s/late.attempt-1.json' }, { attempt: 2, timeScale: 4, verdict: 'held' }] })
    expect(results.runs[0]!.settling![1]).not.toHaveProperty('history')
    expect(runResults([], [], fileOf).timeScale).toBe(1)
  })

  it('a run with no scenario run never passes', () => {
    const results = runResults([], [], fileOf)
    expect(results).toEqual({
      format: 'contract-kit/results@2',
      timeScale: 1,
      passed: false,
      counts: { runs: 0, held: 0, 'expected-broken': 0, broken: 0, 'unexpected-held': 0, error: 0, untestable: 0 },
      runs: [],
      errors: [],
    })
  })

  it('an error outside any run fails the run even when every run held, and is kept', () => {
    const errors = ['harness/suite/pager.suite.ts: Cannot find module']
    const results = runResults([outcome('a', 's/1', 'held')], errors, fileOf)
    expect(results.passed).toBe(false)
    expect(results.errors).toEqual(errors)
    expect(results.errors).not.toBe(errors)
  })

  it('carries what each run exercises and every contract: held with its evidence and figures, broken with its witness, not-applicable with its reason', () => {
    const results = runResults([outcome('a', 's/held', 'held'), outcome('a', 's/broken', 'broken')], [], fileOf)
    const [broken, held] = results.runs
    expect(held.exercises).toEqual(['size/page-fits-ceilings'])
    expect(held.contracts).toEqual([
      { id: 'size/page-fits-ceilings', verdict: 'held', exercised: true, evidence: '2 pages measured, the largest 100 of 262,144 retained-bytes', figures: { pages: 2, largest: 100, max: 262144 } },
      { id: 'recovery/cursor-exactly-once', verdict: 'not-applicable', exercised: false, reason: 'the scenario makes no walk' },
    ])
    expect(broken.contracts[0]).toEqual({ id: 'size/page-fits-ceilings', verdict: 'broken', exercised: true, message: 'too big', witness: {} })
  })

  it('writes each contract with its keys in one order (id, verdict, exercised, then the rest), whatever built it', () => {
    const built: RunOutcome = {
      ...outcome('a', 's/x', 'held'),
      contracts: [{ figures: { rows: 1 }, evidence: 'gate-1: 1 row, status completed', exercised: true, verdict: 'held', id: 'durability/running-row-visible' }],
    }
    const json = JSON.stringify(runResults([built], [], fileOf).runs[0].contracts[0])
    expect(json).toBe('{"id":"durability/running-row-visible","verdict":"held","exercised":true,"figures":{"rows":1},"evidence":"gate-1: 1 row, status completed"}')
  })

  it('leaves the process id out: it differs from run to run', () => {
    const withPid: RunOutcome = { ...outcome('a', 's/x', 'held'), system: { name: 'impl', transport: 'stdio', ports: ['pager'], pid: 4242 } }
    const results = runResults([withPid], [], fileOf)
    expect(results.runs[0].system).toEqual({ name: 'impl', transport: 'stdio', ports: ['pager'] })
    expect(withPid.system?.pid).toBe(4242)
  })

  it('is deterministic: the same outcomes in any order give the same JSON', () => {
    const outcomes = [outcome('b', 's/2', 'broken'), outcome('a', 's/1', 'held'), outcome('a', 's/2', 'error')]
    expect(JSON.stringify(runResults(outcomes, [], fileOf))).toBe(JSON.stringify(runResults([...outcomes].reverse(), [], fileOf)))
  })

  it('an exploration that found nothing passes with no run; one that found a case fails; both are kept with their seeds', () => {
    const nothing = { adapter: 'pager/reference', port: 'pager', seed: 3, runs: 50, cases: 50, interrupted: false }
    expect(runResults([], [], () => '', [nothing])).toMatchObject({ passed: true, explorations: [nothing], counts: { runs: 0 } })
    const found = { ...nothing, adapter: 'pager/mutants/limit-plus-one', cases: 4, found: { file: 'f.yaml', scenario: 'found/pager/f', reproduce: 'npx …' } }
    expect(runResults([], [], () => '', [nothing, found])).toMatchObject({ passed: false, explorations: [nothing, found] })
    expect(runResults([], [], () => '')).not.toHaveProperty('explorations')
  })
})
