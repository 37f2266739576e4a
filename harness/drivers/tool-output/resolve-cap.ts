import type { CapUnit } from '#harness/ports/tool-output-port.ts'
import { measure } from '#harness/measures/measure.ts'
import { pageTree } from '#fixtures/pages/page-tree.ts'
import type { PageSpec } from '#fixtures/pages/page-tree.ts'
import { renderAriaYaml } from '#harness/snapshot/render-aria-yaml.ts'

/** A cap as a scenario writes it: absolute (`max`), relative to the output's size (`outputBy`), or placed at one of its wide characters (`wideCharacter`, `by`). */
export type CapSpec =
  | { unit: CapUnit; max: number }
  | { unit: CapUnit; outputBy: number }
  | { unit: CapUnit; wideCharacter: number; by: number }

/** What a unit's wide characters are, as docs/scenarios.md says it. */
export const wideIn: Record<CapUnit, string> = {
  'utf8-bytes': 'wider than one UTF-8 byte (non-ASCII)',
  'utf16-units': 'wider than one UTF-16 unit (a surrogate pair)',
  runes: 'outside the BMP (two UTF-16 units, one rune)',
}

const recent = new Map<string, string>()

/**
 * The output a tool-output scenario hands the tool: the unlimited snapshot of its page (the built-in text; Chromium's is
 * byte-identical on generated pages), then its `trailer`, if any. The last few snapshots are kept.
 */
export function pageOutput(page: PageSpec, trailer = ''): string {
  const key = JSON.stringify(page)
  let text = recent.get(key)
  if (text === undefined) {
    text = renderAriaYaml(pageTree(page))
    if (recent.size >= 8) recent.delete(recent.keys().next().value!)
    recent.set(key, text)
  }
  return text + trailer
}

/** The width in `unit` of a character wide in it (see `wideIn`), or 0 for a narrow one. */
function wideWidth(char: string, unit: CapUnit): number {
  if (unit === 'utf8-bytes') {
    const bytes = Buffer.byteLength(char, 'utf8')
    return bytes > 1 ? bytes : 0
  }
  if (char.length < 2) return 0
  return unit === 'utf16-units' ? 2 : 1
}

/** How many characters of `text` are wide in `unit`. */
export function wideCharacters(text: string, unit: CapUnit): number {
  let count = 0
  for (const char of text) if (wideWidth(char, unit) > 0) count++
  return count
}

/**
 * The cap's `max` for an output: `max` as written; `outputBy`: the output's size in the unit plus it (0: exactly at
 * the cap, -1: one unit over it); `wideCharacter: n, by`: the size of everything before the output's n-th character
 * wide in the unit, plus `by` (for UTF-8 bytes and UTF-16 units, `by` from 1 to its width less one falls inside it).
 * An error says why a cap cannot be placed (no n-th wide character, a max below 1).
 */
export function resolveCap(output: string, cap: CapSpec): { max: number } | { error: string } {
  const { unit } = cap
  let max: number
  if ('max' in cap) max = cap.max
  else if ('outputBy' in cap) max = measure(unit, output) + cap.outputBy
  else {
    let seen = 0
    let before = -1
    let offset = 0
    for (const char of output) {
      if (wideWidth(char, unit) > 0 && ++seen === cap.wideCharacter) {
        before = offset
        break
      }
      offset += measure(unit, char)
    }
    if (before < 0) return { error: `the output has ${seen} character${seen === 1 ? '' : 's'} ${wideIn[unit]}, no character ${cap.wideCharacter}` }
    max = before + cap.by
  }
  if (max < 1) return { error: `the cap comes to ${max} ${unit}: it must be at least 1` }
  return { max }
}
