import { expect, test } from 'vitest'
import { listed } from '#harness/contracts/listed.ts'

test('a list beside its count: every item when they fit, else the first ones, "…" and how many more', () => {
  expect(listed([])).toBe('')
  expect(listed(['a', 'b', 'c'])).toBe('a, b, c')
  expect(listed(['a', 'b', 'c', 'd', 'e'])).toBe('a, b, c, … (2 more)')
  expect(listed(['a', 'b', 'c'], 2)).toBe('a, b, … (1 more)')
})
