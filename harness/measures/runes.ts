import { textOf } from '#harness/measures/text-of.ts'

/** The number of Unicode code points (runes) of a value's text; a lone surrogate counts as one. */
export function runes(value: unknown): number {
  const text = textOf(value)
  let count = 0
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i)
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1)
      if (next >= 0xdc00 && next <= 0xdfff) i++
    }
    count++
  }
  return count
}
