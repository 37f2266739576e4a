import { describe, expect, it } from 'vitest'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'

const scenarios = ['pager/default-read', 'regressions/a/one', 'regressions/b/two', 'size/limit-one'].map((id) => ({ id }))
const ids = (selected: { id: string }[]) => selected.map(({ id }) => id)

describe('selectScenarios', () => {
  it('selects every scenario when there are no patterns', () => {
    expect(ids(selectScenarios(scenarios, []))).toEqual(ids(scenarios))
  })

  it('keeps the scenarios matching any pattern, in their order, once each', () => {
    const selected = selectScenarios(scenarios, ['size/*', 'regressions/**', 'regressions/a/*'])
    expect(ids(selected)).toEqual(['regressions/a/one', 'regressions/b/two', 'size/limit-one'])
  })

  it('selects nothing when no pattern matches', () => {
    expect(selectScenarios(scenarios, ['durability/**'])).toEqual([])
  })
})
