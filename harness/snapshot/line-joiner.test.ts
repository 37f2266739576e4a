import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { LineJoiner } from '#harness/snapshot/line-joiner.ts'

describe('LineJoiner', () => {
  test('joins every line with \\n, as Array.join does, across chunk boundaries', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ maxLength: 3 }), { maxLength: 9_000, size: 'max' }), (lines) => {
        const joiner = new LineJoiner()
        for (const line of lines) joiner.push(line)
        expect(joiner.text()).toBe(lines.join('\n'))
      }),
      { numRuns: 60, seed: 4096 },
    )
  })
  test('at exactly one chunk, two chunks, and nothing', () => {
    for (const n of [0, 1, 4095, 4096, 4097, 8192]) {
      const lines = Array.from({ length: n }, (_, i) => `line ${i}`)
      const joiner = new LineJoiner()
      for (const line of lines) joiner.push(line)
      expect(joiner.text()).toBe(lines.join('\n'))
    }
  })
})
