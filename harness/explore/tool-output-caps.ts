import fc from 'fast-check'
import type { CapUnit } from '#harness/ports/tool-output-port.ts'
import type { CapSpec } from '#harness/drivers/tool-output/resolve-cap.ts'
import { wideCharacters } from '#harness/drivers/tool-output/resolve-cap.ts'
import { measure } from '#harness/measures/measure.ts'

const units = fc.constantFrom<CapUnit>('runes', 'utf8-bytes', 'utf16-units')

/** How far from the output's own size: mostly just under, at or over it; sometimes well inside it. Shrinks toward 0 (at the cap). */
const outputBy: fc.Arbitrary<number> = fc.oneof(
  { withCrossShrink: true },
  { weight: 6, arbitrary: fc.integer({ min: -3, max: 2 }) },
  { weight: 2, arbitrary: fc.integer({ min: -60, max: 4 }) },
  { weight: 1, arbitrary: fc.integer({ min: -3000, max: 0 }) },
)

/** Which wide character, and how far into it (0: just before it; 1 to its width less one: inside it). Shrinks toward one unit into the first. */
const wideCharacter = fc.record({
  wideCharacter: fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 80 }) }),
  by: fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 3 }) }, { weight: 1, arbitrary: fc.integer({ min: 0, max: 5 }) }),
})

/** Where a cap is placed, without its unit. */
type Placed = { max: number } | { outputBy: number } | { wideCharacter: number; by: number }

/**
 * Caps in every unit, as a scenario writes them, around the places a cut goes wrong: relative to the output's size
 * (just under, at or over it), inside (or just before, just after) a character wider than one unit, or small absolute
 * caps that cut inside the first lines.
 */
export function capSpecs(): fc.Arbitrary<CapSpec> {
  const placed: fc.Arbitrary<Placed> = fc.oneof(
    { withCrossShrink: true },
    { weight: 4, arbitrary: wideCharacter.map((at): Placed => at) },
    { weight: 4, arbitrary: outputBy.map((by): Placed => ({ outputBy: by })) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 120 }).map((max): Placed => ({ max })) },
  )
  return fc.tuple(units, placed).map(([unit, place]) => ({ unit, ...place }) as CapSpec)
}

/**
 * A drawn cap made to fit an output, so that shrinking the page never throws a case away: `outputBy` no lower than
 * leaves a cap of 1, `wideCharacter` no further than the output's last wide character; undefined when the output has
 * no character wide in the cap's unit (an all-ASCII page), the one cap that cannot be placed.
 */
export function fitCap(output: string, cap: CapSpec): CapSpec | undefined {
  if ('outputBy' in cap) return { ...cap, outputBy: Math.max(cap.outputBy, 1 - measure(cap.unit, output)) }
  if (!('wideCharacter' in cap)) return cap
  const count = wideCharacters(output, cap.unit)
  return count === 0 ? undefined : { ...cap, wideCharacter: Math.min(cap.wideCharacter, count) }
}
