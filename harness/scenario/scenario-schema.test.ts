import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  pagerScenarioSchema,
  scenarioSchema,
  type CeilingSpec,
  type PagerScenario,
  type PagerStep,
  type Scenario,
} from '#harness/scenario/scenario-schema.ts'

const valid = {
  title: 'Default read of the 40-exchange run returns a bounded page and a cursor',
  reproduces: 'analysis-result-budget',
  see: '../shared/bug-reports/004_e7cf90a627351a91.txt',
  port: 'pager',
  fixture: 'analysis-run/forty-exchanges',
  given: {
    ceilings: [
      { measure: 'json-bytes', max: 262144 },
      { measure: 'retained-bytes', largestItemOf: 'model-exchanges', by: -1 },
    ],
    timeoutMs: 10000,
  },
  steps: [
    { read: { collection: 'model-exchanges', limit: 1, cursor: null } },
    { walk: { collection: 'model-exchanges', limit: 100, maxPages: 50 } },
  ],
  contracts: ['size/page-fits-ceilings'],
}

/** The first message zod gives for a scenario changed by `change`. */
function firstMessage(change: Record<string, unknown>): string | undefined {
  return scenarioSchema.safeParse({ ...valid, ...change }).error?.issues[0]?.message
}

describe('scenarioSchema', () => {
  it('accepts the documented pager scenario', () => {
    expect(scenarioSchema.parse(valid)).toEqual(valid)
  })

  it('defaults `by` of a relative ceiling to 0 and needs no optional field', () => {
    const minimal = {
      title: 't',
      port: 'pager',
      fixture: 'analysis-run/six-turns',
      given: { ceilings: [{ measure: 'runes', largestItemOf: 'model-exchanges' }] },
      steps: [{ read: { collection: 'model-exchanges' } }],
    }
    expect(pagerScenarioSchema.parse(minimal).given.ceilings).toEqual([{ measure: 'runes', largestItemOf: 'model-exchanges', by: 0 }])
  })

  it('allows any integer limit, so a scenario can ask for invalid_limit', () => {
    for (const limit of [0, -1, 101, 100000]) {
      expect(scenarioSchema.safeParse({ ...valid, steps: [{ read: { collection: 'model-exchanges', limit } }], contracts: ['size/limit-is-upper-bound'] }).success).toBe(true)
    }
  })

  it('lets a step name any collection (to ask for unknown_collection) and any cursor, and a ceiling only a collection of the run', () => {
    const unknown = { ...valid, steps: [{ read: { collection: 'tool-calls', cursor: '' } }, { walk: { collection: 'Model-Exchanges' } }], contracts: undefined }
    expect(scenarioSchema.safeParse(unknown).success).toBe(true)
    expect(firstMessage({ steps: [{ read: { collection: '' } }] })).toMatch(/^expected a collection name/)
    const ceiling = { measure: 'json-bytes', largestItemOf: 'tool-calls' }
    expect(firstMessage({ given: { ceilings: [ceiling] } })).toMatch(/^largestItemOf: expected one of model-exchanges, capability-calls/)
  })

  it('accepts a previous fixture the pager is set up with first', () => {
    expect(scenarioSchema.safeParse({ ...valid, given: { ...valid.given, previousFixture: 'analysis-run/six-turns' } }).success).toBe(true)
    expect(firstMessage({ given: { ...valid.given, previousFixture: 'six-turns' } })).toMatch(/^expected a fixture: one of analysis-run\//)
  })

  it('accepts a generated fixture, its parameters defaulted and checked one field at a time', () => {
    const generated = scenarioSchema.safeParse({ ...valid, fixture: { 'analysis-run': { seed: 7, turns: 3, unpaired: [2], edges: ['odd-calls'] } } })
    expect(generated.success && generated.data.port === 'pager' && generated.data.fixture).toEqual({
      'analysis-run': { seed: 7, preludes: 0, turns: 3, exchanges: 3, toolCalls: 0, unpaired: [2], edges: ['odd-calls'] },
    })
    expect(scenarioSchema.safeParse({ ...valid, given: { ...valid.given, previousFixture: { 'analysis-run': { turns: 1 } } } }).success).toBe(true)
    expect(firstMessage({ fixture: { 'analysis-run': { turns: 3, exchanges: 4 } } })).toBe('expected exchanges at most turns (each exchange is made by one turn)')
    expect(firstMessage({ fixture: { 'analysis-run': { turns: 501 } } })).toBe('expected an integer from 0 to 500, got 501')
    expect(firstMessage({ fixture: { 'analysis-run': { turns: 2, edges: ['sideways'] } } })).toMatch(/^analysis-run\.edges\.0: expected one of odd-calls, unpaired/)
    expect(firstMessage({ fixture: { 'analysis-run': { turns: 2, shape: 1 } } })).toMatch(/^unknown key, expected one of seed, preludes, turns/)
    expect(firstMessage({ fixture: { 'analysis-run': { turns: 'many' } } })).toBe('analysis-run.turns: expected an integer from 0 to 500, got "many"')
    expect(firstMessage({ fixture: { analysisRun: { turns: 2 } } })).toMatch(/^expected a fixture: .* or \{ analysis-run: /)
  })

  it('accepts a ceiling relative to a page of items: pageOf, from, count, by', () => {
    const ceilings = [{ measure: 'runes', pageOf: 'capability-calls', from: 2, count: 3, by: -1 }, { measure: 'json-bytes', pageOf: 'model-exchanges' }]
    const parsed = scenarioSchema.safeParse({ ...valid, given: { ceilings } })
    expect(parsed.success && parsed.data.port === 'pager' && parsed.data.given.ceilings[1]).toEqual({ measure: 'json-bytes', pageOf: 'model-exchanges', from: 0, by: 0 })
    expect(firstMessage({ given: { ceilings: [{ measure: 'runes', pageOf: 'model-exchanges', count: 0 }] } })).toBe('expected a positive integer, at most 1,000,000, got 0')
    expect(firstMessage({ given: { ceilings: [{ measure: 'runes', pageOf: 'tool-calls' }] } })).toMatch(/^pageOf: expected one of model-exchanges, capability-calls/)
  })

  it('accepts bug ids in kebab-case or like PLAT-200', () => {
    expect(scenarioSchema.safeParse({ ...valid, reproduces: 'PLAT-200' }).success).toBe(true)
    expect(firstMessage({ reproduces: 'Plat 200' })).toBe(
      'expected a bug id in kebab-case or like PLAT-200, got "Plat 200"',
    )
  })

  it('says what each main field expects', () => {
    expect(firstMessage({ title: 'two\nlines' })).toBe('expected a one-line title, got "two\\nlines"')
    expect(firstMessage({ port: 'paper' })).toBe('expected one of pager, session-client, snapshotter, tool-output, agent-log, got "paper"')
    expect(firstMessage({ contracts: ['page-fits-ceilings'] })).toBe(
      'expected one of size/page-fits-ceilings, size/limit-is-upper-bound, size/largest-fitting-prefix, size/oversized-item-fails-cleanly, recovery/first-page-reachable, recovery/cursor-exactly-once, recovery/items-as-derived, recovery/unknown-collection-refused, recovery/invalid-cursor-refused, got "page-fits-ceilings"',
    )
    expect(firstMessage({ contracts: [] })).toMatch(/^expected at least one contract id/)
    expect(firstMessage({ steps: [] })).toBe('expected at least one step, got an empty list')
    expect(firstMessage({ given: { ceilings: [], timeoutMs: 5 } })).toBe('expected at least one ceiling, got an empty list')
    expect(firstMessage({ given: { ceilings: valid.given.ceilings, timeoutMs: 600001 } })).toBe(
      'expected a positive integer of milliseconds, at most 600000, got 600001',
    )
    expect(firstMessage({ steps: [{ walk: { collection: 'model-exchanges', maxPages: 0 } }] })).toBe(
      'expected a positive integer, at most 100,000, got 0',
    )
    expect(firstMessage({ fixture: undefined })).toBe(
      'missing, expected a fixture: one of analysis-run/forty-exchanges, analysis-run/six-turns, analysis-run/derivation-edges, or { analysis-run: { seed, turns, exchanges, toolCalls, … } }',
    )
  })

  it('rejects unknown keys everywhere, listing the keys it accepts', () => {
    const issues = scenarioSchema.safeParse({ ...valid, given: { ceilngs: [] } }).error?.issues ?? []
    expect(issues).toContainEqual(
      expect.objectContaining({ path: ['given'], keys: ['ceilngs'], message: 'unknown key, expected one of ceilings, timeoutMs, previousFixture' }),
    )
  })

  it('rejects a step that is not exactly one of read, walk', () => {
    const both = { read: { collection: 'model-exchanges' }, walk: { collection: 'model-exchanges' } }
    expect(firstMessage({ steps: [both] })).toBe('expected exactly one of read, walk, got {read, walk}')
    expect(firstMessage({ steps: [{}] })).toBe('expected exactly one of read, walk, got an empty mapping')
  })

  it('rejects a ceiling with both or neither of max and largestItemOf', () => {
    const ceiling = { measure: 'json-bytes', max: 1, largestItemOf: 'model-exchanges' }
    expect(firstMessage({ given: { ceilings: [ceiling] } })).toBe(
      'expected a ceiling: a measure with one of max, largestItemOf or pageOf, got {measure, max, largestItemOf}',
    )
  })

  it('exports the inferred types', () => {
    expectTypeOf<Extract<Scenario, { port: 'pager' }>>().toEqualTypeOf<PagerScenario>()
    expectTypeOf<PagerScenario['steps'][number]>().toEqualTypeOf<PagerStep>()
    expectTypeOf<PagerScenario['given']['ceilings'][number]>().toEqualTypeOf<CeilingSpec>()
    expectTypeOf<Extract<CeilingSpec, { largestItemOf: string }>['by']>().toEqualTypeOf<number>()
    expectTypeOf<Extract<PagerStep, { read: unknown }>['read']['cursor']>().toEqualTypeOf<string | null | undefined>()
  })
})
