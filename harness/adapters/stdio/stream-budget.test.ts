import { describe, expect, it } from 'vitest'
import { StreamBudget } from '#harness/adapters/stdio/stream-budget.ts'
import { byteSize } from '#harness/adapters/stdio/byte-size.ts'

describe('StreamBudget', () => {
  it('allows up to the limit, refuses past it, and starts again at a reset', () => {
    const budget = new StreamBudget('stderr', 10, 'from one request to the next')
    expect(budget.take(6)).toBe(true)
    expect(budget.take(4)).toBe(true)
    expect(budget.take(1)).toBe(false)
    expect(budget.bytes).toBe(11)
    budget.reset()
    expect(budget.take(10)).toBe(true)
  })

  it('names the stream, the span and the limit', () => {
    const budget = new StreamBudget('stdout', 16 * 1024 * 1024, 'in one run')
    expect(budget.message()).toBe('stdout: more than 16 MiB written in one run; the limit is 16 MiB (16777216 bytes)')
    expect(budget.message(' while `x` was waiting')).toBe('stdout: more than 16 MiB written in one run while `x` was waiting; the limit is 16 MiB (16777216 bytes)')
  })
})

describe('byteSize', () => {
  it('writes sizes as people read them', () => {
    expect([1, 300, 64 * 1024, 1.5 * 1024 * 1024, 2 ** 30].map(byteSize)).toEqual(['1 byte', '300 bytes', '64 KiB', '1.5 MiB', '1 GiB'])
  })
})
