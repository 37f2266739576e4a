import { describe, expect, test } from 'vitest'
import { ByAgent } from '#harness/contracts/agent-log/by-agent.ts'

describe('ByAgent', () => {
  test('keeps a value per agent index, listed in the order agents were added', () => {
    const table = new ByAgent<string>(5)
    table.add({ index: 3 }, 'three')
    table.add({ index: 0 }, 'zero')
    expect(table.get({ index: 3 })).toBe('three')
    expect(table.get({ index: 0 })).toBe('zero')
    expect(table.get({ index: 1 })).toBeUndefined()
    expect(table.values).toEqual(['three', 'zero'])
  })
  test('an index at or past the plan’s count of agents is refused, not kept in a slot that is not there', () => {
    const table = new ByAgent<string>(2)
    expect(() => table.add({ index: 2 }, 'x')).toThrow(/agent index 2 is not below the plan's 2 agents/)
    expect(() => table.add({ index: -1 }, 'x')).toThrow(RangeError)
    expect(table.get({ index: 2 })).toBeUndefined()
  })
})
