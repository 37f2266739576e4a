import fc from 'fast-check'
import type { CapUnit } from '#harness/ports/tool-output-port.ts'
import type { CapSpec } from '#harness/drivers/tool-output/resolve-cap.ts'
import { wideCharacters } from '#harness/drivers/tool-output/resolve-cap.ts'
import { measure } from '#harness/measures/measure.ts'

const units = fc.constantFrom<CapUnit>('runes', 'utf8-bytes', 'utf16-units')

/** How far from the output's own size: mostly exactly at it, just under or over it; sometimes well inside it. Shrinks toward 0 (at the cap). */
const outputBy: fc.Arbitrary<number> = fc.oneof(
  { withCrossShrink: true },
  { weight: 2, arbitrary: fc.constant(0) },
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 2 }) },
  { weight: 2, arbitrary: fc.integer({ min: -60, max: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: -3000, max: 0 }) },
)

/** Which wide character, and how far into it (0: just before it; 1 to its width less one: inside it). Shrinks toward one unit into the first. */
const wideCharacter = fc.record({
  wideCharacter: fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 80 }) }),
  by: fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) }),
})

/**
 * Which character outside the BMP (an emoji: 4 UTF-8 bytes, 2 UTF-16 units, 1 rune), and how far into it. Such a
 * character is rare among a page's wide characters in UTF-8 bytes (most are 2- and 3-byte letters), yet it is the one
 * whose third byte a cut that assumes 3-byte characters mishandles. Shrinks toward one unit into the first.
 */
const astralCharacter = wideCharacter.map(({ wideCharacter: astral, by }) => ({ astral, by }))

/** Where a cap is placed, without its unit. */
type Placed = { max: number } | { outputBy: number } | { wideCharacter: number; by: number } | { astral: number; by: number }

/** A cap as drawn: one a scenario writes, or one at the output's n-th character outside the BMP (`fitCap` turns it into a `wideCharacter` cap). */
export type DrawnCap = CapSpec | { unit: CapUnit; astral: number; by: number }

/**
 * Caps in every unit around the places a cut goes wrong: relative to the output's size (just under, at or over it),
 * inside (or just before, just after) a character wider than one unit or an emoji in particular, or small absolute
 * caps that cut inside the first lines. All but the emoji caps are as a scenario writes them; `fitCap` writes those.
 */
export function capSpecs(): fc.Arbitrary<DrawnCap> {
  const placed: fc.Arbitrary<Placed> = fc.oneof(
    { withCrossShrink: true },
    { weight: 4, arbitrary: wideCharacter.map((at): Placed => at) },
    { weight: 4, arbitrary: outputBy.map((by): Placed => ({ outputBy: by })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 120 }).map((max): Placed => ({ max })) },
    { weight: 3, arbitrary: astralCharacter.map((at): Placed => at) },
  )
  return fc.tuple(units, placed).map(([unit, place]) => ({ unit, ...place }) as DrawnCap)
}

/**
 * A drawn cap made to fit an output, so that shrinking the page never throws a case away: `outputBy` no lower than
 * leaves a cap of 1, `wideCharacter` no further than the output's last wide character, `astral` written as the
 * `wideCharacter` cap at the output's n-th character outside the BMP (its last one at most); undefined when the output
 * has no character wide in the cap's unit (an all-ASCII page) or none outside the BMP, the caps that cannot be placed.
 */
export function fitCap(output: string, cap: DrawnCap): CapSpec | undefined {
  if ('outputBy' in cap) return { ...cap, outputBy: Math.max(cap.outputBy, 1 - measure(cap.unit, output)) }
  if ('astral' in cap) {
    const at = astralAt(output, cap.unit, cap.astral)
    return at === undefined ? undefined : { unit: cap.unit, wideCharacter: at, by: cap.by }
  }
  if (!('wideCharacter' in cap)) return cap
  const count = wideCharacters(output, cap.unit)
  return count === 0 ? undefined : { ...cap, wideCharacter: Math.min(cap.wideCharacter, count) }
}

/** The ordinal among the output's characters wide in `unit` of its n-th character outside the BMP (its last one if it has fewer), or undefined when it has none. */
function astralAt(output: string, unit: CapUnit, n: number): number | undefined {
  let wide = 0
  let astral = 0
  let at: number | undefined
  for (const char of output) {
    // a string iterator yields a character outside the BMP as its two UTF-16 units, any other as one
    if (unit === 'utf8-bytes' ? char.charCodeAt(0) > 0x7f : char.length > 1) wide++
    if (char.length > 1) {
      at = wide
      if (++astral === n) break
    }
  }
  return at
}
