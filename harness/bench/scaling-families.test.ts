import { describe, expect, it } from 'vitest'
import { scalingFamilies } from '#harness/bench/scaling-families.ts'
import { scalingScenario } from '#harness/bench/scaling-record.ts'

// The scaling section validates each family's scenario as a scenario file is validated, and a bound added to the
// schema can refuse a size the bench uses: that must fail here, not when someone runs `npm run bench`.
describe('the scaling families', () => {
  it.each(scalingFamilies.flatMap((family) => family.sizes.map((size) => [family.port, size, family] as const)))('%s at %i is a valid scenario', (_, size, family) => {
    expect(scalingScenario(family, size).scenario.port).toBe(family.port)
  })
})
