import { describe, expect, it } from 'vitest'
import { pagerCeilings, scalingFamilies } from '#harness/bench/scaling-families.ts'
import { scalingScenario } from '#harness/bench/scaling-record.ts'
import { preparePagerReplay } from '#harness/drivers/pager/prepare-pager-replay.ts'
import type { PagerScenario } from '#harness/scenario/scenario-schema.ts'

// The scaling section validates each family's scenario as a scenario file is validated, and a bound added to the
// schema can refuse a size the bench uses: that must fail here, not when someone runs `npm run bench`.
describe('the scaling families', () => {
  it.each(scalingFamilies.flatMap((family) => family.sizes.map((size) => [family.port, size, family] as const)))('%s at %i is a valid scenario', (_, size, family) => {
    expect(scalingScenario(family, size).scenario.port).toBe(family.port)
  })

  it('the pager family holds, at every size, the ceilings its 400-exchange run’s largest exchange gives', () => {
    const pager = scalingFamilies.find((f) => f.port === 'pager')!
    const scenario = scalingScenario(pager, 400).scenario as PagerScenario
    const relative = { ...scenario, given: { ...scenario.given, ceilings: [{ measure: 'json-bytes', largestItemOf: 'model-exchanges', by: 0 }, { measure: 'retained-bytes', largestItemOf: 'model-exchanges', by: 0 }] } } as PagerScenario
    expect(preparePagerReplay(relative).ceilings).toEqual([
      { measure: 'json-bytes', max: pagerCeilings.jsonBytes },
      { measure: 'retained-bytes', max: pagerCeilings.retainedBytes },
    ])
    // absolute at every size: nothing in them grows with the run
    for (const size of pager.sizes) {
      expect((scalingScenario(pager, size).scenario as PagerScenario).given.ceilings).toEqual([
        { measure: 'json-bytes', max: pagerCeilings.jsonBytes },
        { measure: 'retained-bytes', max: pagerCeilings.retainedBytes },
      ])
    }
  })
})
