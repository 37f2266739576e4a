import { describe, expect, test } from 'vitest'
import { longestHead } from '#harness/contracts/tool-output/longest-head.ts'

describe('longestHead: the longest whole-character prefix within a cap, as the kit reads the rule', () => {
  test('stops before a character the cap would split, in each unit', () => {
    const text = 'ab🙂c日'
    expect(longestHead(text, 'utf8-bytes', 4)).toBe('ab')
    expect(longestHead(text, 'utf8-bytes', 6)).toBe('ab🙂')
    expect(longestHead(text, 'utf16-units', 3)).toBe('ab')
    expect(longestHead(text, 'utf16-units', 4)).toBe('ab🙂')
    expect(longestHead(text, 'runes', 3)).toBe('ab🙂')
    expect(longestHead(text, 'runes', 5)).toBe(text)
  })
  test('a cap of 0, or below the first character, gives the empty head; a lone surrogate is one code point', () => {
    expect(longestHead('🙂', 'utf16-units', 1)).toBe('')
    expect(longestHead('a', 'runes', 0)).toBe('')
    expect(longestHead('\ud800x', 'runes', 1)).toBe('\ud800')
    expect(longestHead('\ud800x', 'utf8-bytes', 3)).toBe('\ud800')
  })
})
