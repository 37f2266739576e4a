import type { CapUnit } from '#harness/ports/tool-output-port.ts'
import { measure } from '#harness/measures/measure.ts'

/**
 * The head a cut must give, as the kit reads the rule (docs/tool-output-port.md): the longest prefix of `text` whose
 * size in `unit` is at most `max` and that ends on a code point boundary — never inside a UTF-8 sequence, never
 * between the halves of a surrogate pair (a lone surrogate counts as one code point, as the measures count it).
 */
export function longestHead(text: string, unit: CapUnit, max: number): string {
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
