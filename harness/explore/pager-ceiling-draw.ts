import fc from 'fast-check'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import { measurePage } from '#harness/measures/measure-page.ts'

/** How a ceiling's `max` is placed among the sizes of a collection's pages (see `ceilingMax`). */
export type CeilingMode = 'between' | 'boundary' | 'below-largest' | 'roomy' | 'tiny'

/** A ceiling's mode and three draws in thousandths (`a`, `b` in 0..1000, `c` in −1000..1000) that place its `max`. */
export interface CeilingDraw {
  mode: CeilingMode
  a: number
  b: number
  c: number
}

/**
 * Room for a page's metadata (cursor and fields such as the reference's `snapshot`, about 80 JSON bytes and 230 retained
 * bytes): ceilings are placed this far above a bare page, or, at a page boundary, up to twice this far either side of it.
 */
export const metadataRoom: Record<MeasureName, number> = { 'json-bytes': 80, 'retained-bytes': 320, 'utf8-bytes': 80, runes: 80, 'utf16-units': 80 }

/** Draws a ceiling's placement: between the smallest item and the whole collection, at a page boundary, below the largest item, roomy or below every item. */
export const ceilingDraw: fc.Arbitrary<CeilingDraw> = fc.record({
  mode: fc.oneof(
    { arbitrary: fc.constant<CeilingMode>('between'), weight: 3 },
    { arbitrary: fc.constant<CeilingMode>('boundary'), weight: 3 },
    { arbitrary: fc.constant<CeilingMode>('below-largest'), weight: 2 },
    { arbitrary: fc.constant<CeilingMode>('roomy'), weight: 1 },
    { arbitrary: fc.constant<CeilingMode>('tiny'), weight: 1 },
  ),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.integer({ min: -1000, max: 1000 }),
})

/** `lo + (hi − lo) × thousandths / 1000`, rounded down. */
export function lerp(lo: number, hi: number, thousandths: number): number {
  return lo + Math.floor(((hi - lo) * thousandths) / 1000)
}

/**
 * The `max` of a ceiling in measure `name`, placed by its draw among the sizes of pages `{ items, cursor: null }` of a
 * collection's items: between the smallest one-item page (with room for metadata) and the whole collection, at the
 * boundary of the page of items `start…end` (within twice the room either side), below the largest item, roomy, or
 * below every item. With no items, room for the empty page's metadata (2 to 8 times the room): a ceiling below an
 * empty page's own metadata has no right answer in the port.
 */
export function ceilingMax(name: MeasureName, { mode, a, b, c }: CeilingDraw, items: readonly unknown[]): number {
  const page = (xs: readonly unknown[]) => measurePage(name, { items: xs, cursor: null })
  const room = metadataRoom[name]
  const whole = page(items)
  if (items.length === 0) return lerp(whole + 2 * room, whole + 8 * room, a)
  const singles = items.map((item) => page([item]))
  const smallest = Math.min(...singles)
  const largest = Math.max(...singles)
  switch (mode) {
    case 'between':
      return lerp(smallest + room, whole + room, a)
    case 'below-largest':
      return lerp(smallest + room, largest + room, a)
    case 'roomy':
      return lerp(whole + room, whole + 6 * room, a)
    case 'tiny':
      return lerp(Math.floor(smallest / 2), smallest - 1, a)
    case 'boundary': {
      const { start, end } = boundaryPage(items.length, a, b)
      return page(items.slice(start, end)) + Math.round((c * 2 * room) / 1000)
    }
  }
}

/** The page `start…end` (end excluded, at least one item) of `count` items that draws `a` and `b` (thousandths) pick. */
export function boundaryPage(count: number, a: number, b: number): { start: number; end: number } {
  const start = Math.floor((a * count) / 1001)
  return { start, end: start + 1 + Math.floor((b * (count - start)) / 1001) }
}
