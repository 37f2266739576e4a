import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { longestHead } from '#harness/contracts/tool-output/longest-head.ts'
import { measure } from '#harness/measures/measure.ts'
import type { CapUnit } from '#harness/ports/tool-output-port.ts'

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
  test('gives, in every unit, the head the rule written plainly gives (each code point measured by its unit\'s measure)', () => {
    const unit = fc.constantFrom<CapUnit>('runes', 'utf8-bytes', 'utf16-units')
    const piece = fc.constantFrom('a', '~', '\u007f', '\u0080', 'é', '\u07ff', '\u0800', '日', '\uffff', '🙂', '\ud800', '\udc00', '\ud83d', '\ude42', '\n')
    const text = fc.array(piece, { maxLength: 30 }).map((pieces) => pieces.join(''))
    fc.assert(
      fc.property(text, unit, fc.integer({ min: 0, max: 100 }), (t, u, max) => {
        expect(longestHead(t, u, max)).toBe(plainLongestHead(t, u, max))
      }),
      { numRuns: 3000, seed: 14 },
    )
  })
})

/** The rule as first written: code point by code point (`for…of`), each measured by the unit's measure. */
function plainLongestHead(text: string, unit: CapUnit, max: number): string {
  let used = 0
  let end = 0
  for (const point of text) {
    const cost = measure(unit, point)
    if (used + cost > max) break
    used += cost
    end += point.length
  }
  return text.slice(0, end)
}
