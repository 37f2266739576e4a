import type { CapUnit } from '#harness/ports/tool-output-port.ts'

/**
 * The head a cut must give, as the kit reads the rule (docs/tool-output-port.md): the longest prefix of `text` whose
 * size in `unit` is at most `max` and that ends on a code point boundary — never inside a UTF-8 sequence, never
 * between the halves of a surrogate pair (a lone surrogate counts as one code point, as the measures count it: one
 * rune, one UTF-16 unit, and 3 UTF-8 bytes, as U+FFFD).
 */
export function longestHead(text: string, unit: CapUnit, max: number): string {
  // code unit by code unit, each code point's cost worked out in place (a string and a measure call per code point
  // cost several times the rest, and more the larger the page)
  let used = 0
  let end = 0
  while (end < text.length) {
    const first = text.charCodeAt(end)
    let width = 1 // UTF-16 units of this code point
    if (first >= 0xd800 && first <= 0xdbff && end + 1 < text.length) {
      const next = text.charCodeAt(end + 1)
      if (next >= 0xdc00 && next <= 0xdfff) width = 2
    }
    const cost = unit === 'runes' ? 1 : unit === 'utf16-units' ? width : width === 2 ? 4 : first < 0x80 ? 1 : first < 0x800 ? 2 : 3
    if (used + cost > max) break
    used += cost
    end += width
  }
  return text.slice(0, end)
}
