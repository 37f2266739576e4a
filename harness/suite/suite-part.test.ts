import { describe, expect, it } from 'vitest'
import { inSuitePart, readSuitePart, suitePartVariable } from '#harness/suite/suite-part.ts'

describe('readSuitePart', () => {
  it('is the whole file when unset, and k of n when set', () => {
    expect(readSuitePart({})).toEqual({ k: 1, n: 1 })
    expect(readSuitePart({ [suitePartVariable]: '2/3' })).toEqual({ k: 2, n: 3 })
  })

  it('names the variable and the value it cannot read', () => {
    for (const bad of ['0/2', '3/2', '1', 'a/b', '1/0', ' 1/2'])
      expect(() => readSuitePart({ [suitePartVariable]: bad })).toThrow(`CONTRACT_KIT_SUITE_PART: expected k/n with 1 ≤ k ≤ n (as 2/3), got ${JSON.stringify(bad)}`)
  })
})

describe('inSuitePart', () => {
  it('gives every run to exactly one part', () => {
    const n = 3
    for (let i = 0; i < 20; i++) expect([1, 2, 3].filter((k) => inSuitePart({ k, n }, i))).toHaveLength(1)
    expect(Array.from({ length: 7 }, (_, i) => i).filter((i) => inSuitePart({ k: 2, n }, i))).toEqual([1, 4])
  })
})
