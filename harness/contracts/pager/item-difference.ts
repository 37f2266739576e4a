import { canonicalKey } from '#harness/contracts/pager/canonical-key.ts'
import { textDifference, visibleJson } from '#harness/contracts/text-difference.ts'
import type { TextDifference } from '#harness/contracts/text-difference.ts'

/**
 * Where an item first differs from the item it should be: the path (`response.message.content`, `messages[3]`), and
 * both values there, shown; where both are texts, `text` names the first different byte, line and column in them, and
 * `got` and `want` are quoted excerpts from a little before it (a difference past the first 120 characters is shown).
 */
export interface ItemDifference {
  path: string
  got: string
  want: string
  text?: Pick<TextDifference, 'byte' | 'line' | 'column'>
}

/** A value as a witness shows it: its compact JSON with every invisible character escaped (`\uFEFF`), cut to `length` characters; `absent` for a key that is missing. */
export function shown(value: unknown, length = 120): string {
  if (value === undefined) return 'absent'
  return visibleJson(value, length)
}

/**
 * The first place where `got` differs from `want` (key order aside), depth first in `want`'s key order and then the
 * keys only `got` has; undefined when they are equal.
 */
export function itemDifference(got: unknown, want: unknown, path = ''): ItemDifference | undefined {
  if (canonicalKey(got) === canonicalKey(want)) return undefined
  if (typeof got === 'string' && typeof want === 'string') {
    const { byte, line, column, expected, got: printed } = textDifference(want, got)!
    const side = (excerpt: string | null) => (excerpt === null ? 'its end' : `"${excerpt}"`)
    return { path: path || '(the item)', got: side(printed), want: side(expected), text: { byte, line, column } }
  }
  const here = { path: path || '(the item)', got: shown(got), want: shown(want) }
  if (Array.isArray(got) && Array.isArray(want)) {
    for (let i = 0; i < Math.max(got.length, want.length); i++) {
      const d = itemDifference(got[i], want[i], `${path}[${i}]`)
      if (d) return d
    }
    return here
  }
  if (isObject(got) && isObject(want)) {
    for (const key of [...Object.keys(want), ...Object.keys(got).filter((k) => !Object.hasOwn(want, k))]) {
      const d = itemDifference(got[key], want[key], path ? `${path}.${key}` : key)
      if (d) return d
    }
    return here
  }
  return here
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
