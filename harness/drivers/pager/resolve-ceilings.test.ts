import { describe, expect, test } from 'vitest'
import { resolveCeilings } from '#harness/drivers/pager/resolve-ceilings.ts'
import type { CollectionOracle } from '#harness/history/history.ts'
import { measure } from '#harness/measures/measure.ts'

const items = [{ id: 'a', text: 'é' }, { id: 'b', text: 'longer text' }, { id: 'c', text: '' }]
const oracles = new Map<string, CollectionOracle>([
  ['model-exchanges', { collection: 'model-exchanges', ids: ['a', 'b', 'c'], items }],
  ['capability-calls', { collection: 'capability-calls', ids: [], items: [] }],
])
const page = (xs: unknown[]) => measure('json-bytes', { items: xs, cursor: null })

describe('resolveCeilings', () => {
  test('keeps an absolute ceiling, and resolves largestItemOf to the page of the largest item, plus by', () => {
    expect(resolveCeilings([{ measure: 'runes', max: 9 }, { measure: 'json-bytes', largestItemOf: 'model-exchanges', by: -1 }], oracles)).toEqual([
      { measure: 'runes', max: 9 },
      { measure: 'json-bytes', max: page([items[1]]) - 1 },
    ])
  })

  test('resolves pageOf to the page of count items from `from` (default: to the end), plus by', () => {
    expect(resolveCeilings([{ measure: 'json-bytes', pageOf: 'model-exchanges', from: 1, count: 2, by: 3 }], oracles)).toEqual([{ measure: 'json-bytes', max: page(items.slice(1)) + 3 }])
    expect(resolveCeilings([{ measure: 'json-bytes', pageOf: 'model-exchanges', from: 0, by: 0 }], oracles)).toEqual([{ measure: 'json-bytes', max: page(items) }])
  })

  test('refuses a relative ceiling whose items are not there', () => {
    expect(() => resolveCeilings([{ measure: 'json-bytes', largestItemOf: 'capability-calls', by: 0 }], oracles)).toThrow(/largest item of capability-calls, which has no items/)
    expect(() => resolveCeilings([{ measure: 'json-bytes', pageOf: 'model-exchanges', from: 2, count: 2, by: 0 }], oracles)).toThrow(/items 2 to 3 of model-exchanges, which has 3 items/)
    expect(() => resolveCeilings([{ measure: 'json-bytes', pageOf: 'model-exchanges', from: 3, by: 0 }], oracles)).toThrow(/no item of model-exchanges/)
  })
})
