import { describe, expect, it } from 'vitest'
import { decideVerdict, passingVerdicts } from '#harness/expectations/decide-verdict.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import { parseKnownFailing, type KnownFailingEntry } from '#harness/expectations/known-failing.ts'

const scenario = 'regressions/analysis-result-budget/default-read'
const fits = 'size/page-fits-ceilings'
const reachable = 'recovery/first-page-reachable'
const bound = 'size/limit-is-upper-bound'

const held = (id: string, exercised = true): ContractOutcome => ({ id, exercised, verdict: 'held', evidence: '3 pages measured', figures: { pages: 3 } })
const broken = (id: string, exercised = true): ContractOutcome => ({ id, exercised, verdict: 'broken', message: `${id} broke`, witness: { page: 1, measure: 'retained-bytes', value: 922232, max: 262144 } })
const unknown = (id: string, exercised = true): ContractOutcome => ({ id, exercised, verdict: 'unknown', reason: 'the history has no read' })
const notApplicable = (id: string, exercised = true): ContractOutcome => ({ id, exercised, verdict: 'not-applicable', reason: 'no walk was made' })

/** A known-failing list of one group, one entry a line. */
const list = (...patterns: string[]) => parseKnownFailing(`# the pre-fix pager fits by JSON bytes only\n${patterns.join('\n')}\n`, 'x.known-failing.txt')

describe('decideVerdict', () => {
  it('held: every contract held and nothing is listed', () => {
    expect(decideVerdict(scenario, [held(fits), held(bound)], [])).toEqual({ verdict: 'held', stale: [] })
  })

  it('held: entries for other scenarios or contracts not judged there do not matter', () => {
    expect(decideVerdict(scenario, [held(fits)], list('regressions/other/**', 'regressions/analysis-result-budget/six-turns:size/page-fits-ceilings'))).toEqual({
      verdict: 'held',
      stale: [],
    })
  })

  it('broken: a contract broke and no entry lists it', () => {
    const contracts = [broken(fits), held(bound)]
    const decision = decideVerdict(scenario, contracts, [])
    expect(decision).toEqual({ verdict: 'broken', stale: [] })
    expect(contracts[0].expectedBy).toBeUndefined()
  })

  it('broken: one listed and one unlisted broken contract is still broken', () => {
    const contracts = [broken(fits), broken(reachable)]
    expect(decideVerdict(scenario, contracts, list(`${scenario}:${fits}`)).verdict).toBe('broken')
    expect(contracts[0].expectedBy?.pattern).toBe(`${scenario}:${fits}`)
    expect(contracts[1].expectedBy).toBeUndefined()
  })

  it('expected-broken: every broken contract is listed; each is marked with the entry, its reason and source', () => {
    const contracts = [broken(fits), broken(reachable), held(bound)]
    const decision = decideVerdict(scenario, contracts, list(`${scenario}:${fits}`, `regressions/**:recovery/*`))
    expect(decision).toEqual({ verdict: 'expected-broken', stale: [] })
    expect(contracts.map((c) => c.expectedBy)).toEqual([
      { pattern: `${scenario}:${fits}`, reason: 'the pre-fix pager fits by JSON bytes only', source: 'x.known-failing.txt:2' },
      { pattern: 'regressions/**:recovery/*', reason: 'the pre-fix pager fits by JSON bytes only', source: 'x.known-failing.txt:3' },
      undefined,
    ])
  })

  it('expected-broken: an entry without a contract part covers every contract of its scenarios', () => {
    expect(decideVerdict(scenario, [broken(fits), broken(reachable), held(bound)], list('regressions/analysis-result-budget/*')).verdict).toBe('expected-broken')
  })

  it('unexpected-held: a listed contract that held makes its entry stale', () => {
    const entries = list(`${scenario}:${fits}`)
    const decision = decideVerdict(scenario, [held(fits), held(bound)], entries)
    expect(decision).toEqual({ verdict: 'unexpected-held', stale: [entries[0]] })
  })

  it('unexpected-held: a stale entry fails the run even when another listed contract still breaks', () => {
    const entries = list(`${scenario}:${fits}`, `${scenario}:${reachable}`)
    const decision = decideVerdict(scenario, [broken(fits), held(reachable)], entries)
    expect(decision).toEqual({ verdict: 'unexpected-held', stale: [entries[1]] })
  })

  it('unexpected-held: an entry without a contract part is stale when every contract held', () => {
    const entries = list('regressions/analysis-result-budget/**')
    expect(decideVerdict(scenario, [held(fits), held(reachable)], entries)).toEqual({ verdict: 'unexpected-held', stale: entries })
  })

  it('unexpected-held: an entry naming a contract the scenario does not judge is stale', () => {
    const entries = list(`${scenario}:durability/one-row`)
    expect(decideVerdict(scenario, [broken(fits)], [...entries, ...list(`${scenario}:${fits}`)])).toMatchObject({ verdict: 'unexpected-held', stale: entries })
  })

  it('broken wins over stale: an unlisted break is reported as broken, with the stale entries kept', () => {
    const entries = list(`${scenario}:${reachable}`)
    expect(decideVerdict(scenario, [broken(fits), held(reachable)], entries)).toEqual({ verdict: 'broken', stale: entries })
  })

  it('error: an adapter failure, whatever the contracts say, with the failure as the reason', () => {
    const decision = decideVerdict(scenario, [held(fits), broken(reachable)], list(`${scenario}:${fits}`), { failure: 'protocol', message: 'a banner on stdout' })
    expect(decision).toEqual({ verdict: 'error', stale: [], reason: 'protocol: a banner on stdout' })
  })

  it('untestable: the connection could not run the scenario, whatever the contracts say', () => {
    const decision = decideVerdict(scenario, [broken(fits)], [], { failure: 'untestable', message: 'in process, the kit cannot see stderr' })
    expect(decision).toEqual({ verdict: 'untestable', stale: [], reason: 'untestable: in process, the kit cannot see stderr' })
  })

  it('error: an exercised contract that could not decide is never read as a pass', () => {
    const decision = decideVerdict(scenario, [held(fits), unknown(reachable)], [])
    expect(decision.verdict).toBe('error')
    expect(decision.reason).toMatch(/recovery\/first-page-reachable is exercised by this scenario but came back unknown: the history has no read/)
  })

  it('error: an exercised contract that came back not-applicable is never read as a pass', () => {
    const decision = decideVerdict(scenario, [held(fits), notApplicable(reachable)], [])
    expect(decision).toMatchObject({ verdict: 'error', reason: expect.stringContaining('recovery/first-page-reachable is exercised by this scenario but came back not-applicable: no walk was made') })
  })

  it('held: a contract the scenario does not exercise may be not-applicable or unknown', () => {
    expect(decideVerdict(scenario, [held(fits), notApplicable(reachable, false), unknown(bound, false)], [])).toEqual({ verdict: 'held', stale: [] })
  })

  it('broken: a contract the scenario does not exercise still counts when it broke', () => {
    expect(decideVerdict(scenario, [held(fits), broken(reachable, false)], []).verdict).toBe('broken')
  })

  it('unexpected-held: an entry whose contract had nothing to judge (not-applicable) excuses nothing: stale', () => {
    const entries = list(`${scenario}:${reachable}`)
    expect(decideVerdict(scenario, [held(fits), notApplicable(reachable, false)], entries)).toEqual({ verdict: 'unexpected-held', stale: entries })
  })

  it('error: an unknown contract beside listed broken ones', () => {
    expect(decideVerdict(scenario, [broken(fits), unknown(reachable)], list(`${scenario}:${fits}`)).verdict).toBe('error')
  })

  // An entry whose contract could not decide is not stale: the contract did not hold, and the run is `error`.
  it('error, not stale: a listed contract that could not decide', () => {
    expect(decideVerdict(scenario, [unknown(fits), held(bound)], list(`${scenario}:${fits}`))).toMatchObject({ verdict: 'error', stale: [] })
  })

  it('only held and expected-broken pass', () => {
    expect([...passingVerdicts].sort()).toEqual(['expected-broken', 'held'])
  })
})

describe('decideVerdict: known-flaky entries', () => {
  const entry = (pattern: string, kind?: 'flaky', link?: string): KnownFailingEntry => {
    const [scenarioPattern, contract] = pattern.split(':')
    return {
      pattern,
      scenario: scenarioPattern,
      ...(contract ? { contract } : {}),
      reason: kind ? 'races the timeout' : 'fits by JSON bytes only',
      source: kind ? 'p.yaml:20' : 'p.yaml:10',
      ...(link ? { link } : {}),
      ...(kind ? { kind } : {}),
    }
  }

  it('expected-broken: a broken contract covered only by a flaky entry, marked with it', () => {
    const contracts = [broken(fits), held(bound)]
    expect(decideVerdict(scenario, contracts, [entry(`${scenario}:${fits}`, 'flaky')])).toEqual({ verdict: 'expected-broken', stale: [] })
    expect(contracts[0].expectedBy).toEqual({ pattern: `${scenario}:${fits}`, reason: 'races the timeout', source: 'p.yaml:20', kind: 'flaky' })
    expect(contracts[1].expectedBy).toBeUndefined()
  })

  it('held: a flaky entry whose contract held is never stale', () => {
    const contracts = [held(fits), held(bound)]
    expect(decideVerdict(scenario, contracts, [entry(`${scenario}:${fits}`, 'flaky'), entry('regressions/**', 'flaky')])).toEqual({ verdict: 'held', stale: [] })
    expect(contracts.map((c) => c.expectedBy)).toEqual([undefined, undefined])
  })

  it('a known-failing entry that held is still stale beside a flaky one', () => {
    const failing = entry(`${scenario}:${bound}`)
    expect(decideVerdict(scenario, [broken(fits), held(bound)], [entry(`${scenario}:${fits}`, 'flaky'), failing])).toEqual({ verdict: 'unexpected-held', stale: [failing] })
  })

  it('a known-failing entry is preferred over a flaky one for expectedBy, whatever their order', () => {
    const contracts = [broken(fits)]
    const decision = decideVerdict(scenario, contracts, [entry(`${scenario}:${fits}`, 'flaky'), entry('regressions/**:size/*')])
    expect(decision).toEqual({ verdict: 'expected-broken', stale: [] })
    expect(contracts[0].expectedBy).toEqual({ pattern: 'regressions/**:size/*', reason: 'fits by JSON bytes only', source: 'p.yaml:10' })
  })

  it('carries the link into expectedBy, for known-failing and flaky entries alike', () => {
    const contracts = [broken(fits), broken(reachable)]
    decideVerdict(scenario, contracts, [entry(`${scenario}:${fits}`, undefined, 'https://example.com/issues/1'), entry(`${scenario}:${reachable}`, 'flaky', 'https://example.com/issues/2')])
    expect(contracts.map((c) => c.expectedBy)).toEqual([
      { pattern: `${scenario}:${fits}`, reason: 'fits by JSON bytes only', source: 'p.yaml:10', link: 'https://example.com/issues/1' },
      { pattern: `${scenario}:${reachable}`, reason: 'races the timeout', source: 'p.yaml:20', link: 'https://example.com/issues/2', kind: 'flaky' },
    ])
  })

  it('broken: a flaky entry for another contract does not cover an unlisted break', () => {
    const contracts = [broken(fits), broken(reachable)]
    expect(decideVerdict(scenario, contracts, [entry(`${scenario}:${reachable}`, 'flaky')]).verdict).toBe('broken')
    expect(contracts[0].expectedBy).toBeUndefined()
  })
})
