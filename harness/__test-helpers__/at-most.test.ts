import { describe, expect, test } from 'vitest'
import { atMost } from '#harness/__test-helpers__/at-most.ts'

describe('atMost', () => {
  test('runs every call, never more than the limit at once, in the order they came', async () => {
    const gate = atMost(2)
    let now = 0
    let most = 0
    const started: number[] = []
    const releases: Array<() => void> = []
    const calls = [0, 1, 2, 3, 4].map((i) =>
      gate(async () => {
        started.push(i)
        most = Math.max(most, ++now)
        await new Promise<void>((release) => releases.push(release))
        now--
        return i
      }),
    )
    // release the calls one at a time, each once it has started
    for (let released = 0; released < 5; released++) {
      for (let turns = 0; releases.length === 0 && turns < 100; turns++) await Promise.resolve()
      expect(releases.length, `call ${released} started`).toBeGreaterThan(0)
      releases.shift()!()
    }
    expect(await Promise.all(calls)).toEqual([0, 1, 2, 3, 4])
    expect(started).toEqual([0, 1, 2, 3, 4])
    expect(most).toBe(2)
  })

  test('a call that fails gives its place to the next', async () => {
    const gate = atMost(1)
    const failed = gate(() => Promise.reject(new Error('no')))
    await expect(failed).rejects.toThrow('no')
    await expect(gate(async () => 'next')).resolves.toBe('next')
  })
})
