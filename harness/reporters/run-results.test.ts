import { describe, expect, it } from 'vitest'
import { runResults, verdictOrder } from '#harness/reporters/run-results.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { RunVerdict } from '#harness/expectations/decide-verdict.ts'
import type { History } from '#harness/history/history.ts'

const history = (scenario: string, adapter: string): History => ({
  format: 'contract-kit/history@1',
  scenario,
  adapter,
  port: 'pager',
  system: null,
  fixture: null,
  ceilings: [],
  oracle: [],
  steps: [],
  contracts: [],
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
  contracts: [verdict === 'held' ? { id: 'size/page-fits-ceilings', verdict: 'held' } : { id: 'size/page-fits-ceilings', verdict: 'broken', message: 'too big', witness: {} }],
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
    expect(JSON.stringify(results)).not.toContain('contract-kit/history@1')
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

  it('a run with no scenario run never passes', () => {
    const results = runResults([], [], fileOf)
    expect(results).toEqual({
      format: 'contract-kit/results@1',
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

  it('is deterministic: the same outcomes in any order give the same JSON', () => {
    const outcomes = [outcome('b', 's/2', 'broken'), outcome('a', 's/1', 'held'), outcome('a', 's/2', 'error')]
    expect(JSON.stringify(runResults(outcomes, [], fileOf))).toBe(JSON.stringify(runResults([...outcomes].reverse(), [], fileOf)))
  })
})
