import { beforeAll, describe, expect, it } from 'vitest'
import { checkExpectationList } from '#harness/suite/check-expectation-list.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { loadScenarios, type LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

const day = '2026-01-02'
const scenario = 'regressions/analysis-result-budget/default-read'

let scenarios: LoadedScenario[]
beforeAll(async () => {
  scenarios = await loadScenarios(scenarioRoot)
})

const entry = (over: Partial<KnownFailingEntry> = {}): KnownFailingEntry => ({
  pattern: `${scenario}:size/page-fits-ceilings`,
  scenario,
  contract: 'size/page-fits-ceilings',
  reason: 'cut by JSON bytes',
  source: 'examples/x/profile.yaml:12',
  link: 'https://example.com/issues/1',
  ...over,
})

describe('checkExpectationList', () => {
  it('a good list gives no problems', () => {
    const entries = [entry(), entry({ pattern: 'regressions/plat-114/*', scenario: 'regressions/plat-114/*', contract: undefined, expires: '2026-12-31' }), entry({ kind: 'flaky' })]
    expect(checkExpectationList(entries, scenarios, day)).toEqual([])
  })

  it('an expired entry names its pattern, its file:line, the expiry, the day and its link', () => {
    const problems = checkExpectationList([entry({ expires: '2026-01-01' })], scenarios, day)
    expect(problems).toHaveLength(1)
    expect(problems[0]).toContain(`known-failing entry ${scenario}:size/page-fits-ceilings (examples/x/profile.yaml:12) expired on 2026-01-01 (today is 2026-01-02)`)
    expect(problems[0]).toContain('(https://example.com/issues/1)')
    expect(problems[0]).not.toMatch(/\n/)
  })

  it('an entry expiring on the day itself has not expired', () => {
    expect(checkExpectationList([entry({ expires: day })], scenarios, day)).toEqual([])
  })

  it('an entry matching no scenario id is stale', () => {
    const problems = checkExpectationList([entry({ pattern: 'regressions/gone/*', scenario: 'regressions/gone/*', contract: undefined, source: 'p.yaml:7' })], scenarios, day)
    expect(problems).toEqual(['known-failing entry regressions/gone/* (p.yaml:7) is stale: it matches no scenario; remove it or correct its case'])
  })

  it('a flaky entry says known-flaky, for expiry and staleness alike', () => {
    const problems = checkExpectationList([entry({ kind: 'flaky', expires: '2025-12-31' }), entry({ kind: 'flaky', pattern: 'regressions/nope', scenario: 'regressions/nope', contract: undefined })], scenarios, day)
    expect(problems).toHaveLength(2)
    expect(problems[0]).toMatch(/^known-flaky entry .* expired on 2025-12-31 \(today is 2026-01-02\)/)
    expect(problems[1]).toMatch(/^known-flaky entry regressions\/nope .* is stale/)
  })

  it('an entry both expired and stale is reported twice, in list order', () => {
    const problems = checkExpectationList([entry({ pattern: 'regressions/gone', scenario: 'regressions/gone', contract: undefined, expires: '2025-01-01' }), entry()], scenarios, day)
    expect(problems.map((p) => p.match(/expired|stale/)?.[0])).toEqual(['expired', 'stale'])
  })
})
