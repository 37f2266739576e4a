import fc from 'fast-check'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import type { CollectionName } from '#fixtures/analysis-run/derive-collection.ts'
import { measureNames } from '#harness/measures/measure-name.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import type { CeilingSpec } from '#harness/scenario/scenario-schema.ts'
import { boundaryPage, lerp, metadataRoom } from '#harness/explore/pager-ceiling-draw.ts'
import { sureRoom } from '#harness/explore/pager-evidence.ts'

/**
 * Where a ceiling goes, as the explorer writes it in the scenario: `between` the smallest item and the whole collection
 * (an absolute `max`); at the boundary of the `first` page (the page every walk and read from the start begins with)
 * or of any page of items (`boundary`) (`pageOf`, `from`, `count`, `by` within a few units, or within
 * twice the metadata room); at the `last` page (the last items, whose page ends the collection with a null cursor: `by`
 * within a cursor's width or so); `below-largest` or at the `edge` of the largest item (`largestItemOf`, `by`, at most a few
 * units past it: items too large alone, and the one that fits only without metadata or only with a null cursor); `roomy`
 * (the whole collection and room to spare); `tiny` (below the smallest item alone). Most are placed among the items of
 * the scenario's focus collection, which its first step most often walks.
 */
export type CeilingPlace = 'between' | 'first' | 'boundary' | 'last' | 'below-largest' | 'edge' | 'roomy' | 'tiny'

/** One ceiling as drawn: its measure, the collection it is placed against (the focus or the other), its place, and draws in thousandths that place it. */
export interface CeilingSpecDraw {
  measure: MeasureName
  collection: 'focus' | 'other'
  place: CeilingPlace
  a: number
  b: number
  c: number
  /**
   * How far a first-page or boundary ceiling is from its page: within a few units (`fine`: the edge for a pager without
   * metadata), above it by about a page's metadata (`metadata`: the edge for a pager with some, 0.4 to 1.5 times the
   * room), or anywhere within twice the room either side (`wide`).
   */
  offset: 'fine' | 'metadata' | 'wide'
}

const measureDraw = fc.constantFrom<MeasureName>(...measureNames)

/** Draws one ceiling: any of the five measures, against the focus collection (most often) or the other, at any place. */
export const ceilingSpecDraw: fc.Arbitrary<CeilingSpecDraw> = fc.record({
  measure: measureDraw,
  collection: fc.oneof({ arbitrary: fc.constant<'focus' | 'other'>('focus'), weight: 4 }, { arbitrary: fc.constant<'focus' | 'other'>('other'), weight: 1 }),
  place: fc.oneof(
    { arbitrary: fc.constant<CeilingPlace>('first'), weight: 3 },
    { arbitrary: fc.constant<CeilingPlace>('boundary'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('between'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('last'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('below-largest'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('edge'), weight: 3 },
    { arbitrary: fc.constant<CeilingPlace>('roomy'), weight: 1 },
    { arbitrary: fc.constant<CeilingPlace>('tiny'), weight: 1 },
  ),
  a: fc.nat(1000),
  b: fc.nat(1000),
  c: fc.integer({ min: -1000, max: 1000 }),
  offset: fc.oneof(
    { arbitrary: fc.constant<CeilingSpecDraw['offset']>('fine'), weight: 1 },
    { arbitrary: fc.constant<CeilingSpecDraw['offset']>('metadata'), weight: 2 },
    { arbitrary: fc.constant<CeilingSpecDraw['offset']>('wide'), weight: 1 },
  ),
})

/**
 * The ceiling a draw places among the items of its collection, written relative to them where it is placed against
 * them, so the scenario says what it means; never below the empty page with room for metadata (the port has no answer
 * for an empty page that does not fit). A collection with no items gets an absolute ceiling with room for the empty page.
 */
export function ceilingSpecOf(draw: CeilingSpecDraw, focus: CollectionName, itemsOf: (collection: CollectionName) => readonly unknown[]): CeilingSpec {
  const { measure: name, place, a, b, c, offset } = draw
  const collection = draw.collection === 'focus' ? focus : collectionNames.find((n) => n !== focus)!
  const items = itemsOf(collection)
  const page = (xs: readonly unknown[]) => measure(name, { items: xs, cursor: null })
  const room = metadataRoom[name]
  const floor = page([]) + sureRoom[name]
  const whole = page(items)
  if (items.length === 0) return { measure: name, max: lerp(whole + 2 * room, whole + 8 * room, a) }
  const singles = items.map((item) => page([item]))
  const smallest = Math.min(...singles)
  const largest = Math.max(...singles)
  const relative = (base: number, by: number) => Math.max(by, floor - base)
  switch (place) {
    case 'between': // mostly near the low end: pages of a few items, so a walk crosses many page boundaries
      return { measure: name, max: Math.max(floor, lerp(smallest + room, whole + room, Math.floor((a * a) / 1000))) }
    case 'first':
    case 'boundary': {
      const { start, end } = place === 'first' ? { start: 0, end: 1 + Math.floor((a * Math.min(items.length, 8)) / 1001) } : boundaryPage(items.length, a, b)
      const by = offset === 'fine' ? Math.round(c / 250) : offset === 'metadata' ? lerp(Math.round(room * 0.4), Math.round(room * 1.5), Math.abs(c)) : Math.round((c * 2 * room) / 1000)
      return { measure: name, pageOf: collection, from: start, count: end - start, by: relative(page(items.slice(start, end)), by) }
    }
    case 'last': {
      const count = 1 + Math.floor((a * Math.min(items.length, 3)) / 1001)
      const from = items.length - count
      return { measure: name, pageOf: collection, from, count, by: relative(page(items.slice(from)), Math.round(c / 60)) }
    }
    case 'below-largest':
      return { measure: name, largestItemOf: collection, by: relative(largest, lerp(smallest + room, largest + room, a) - largest) }
    case 'edge':
      return { measure: name, largestItemOf: collection, by: relative(largest, Math.round(c / 60)) }
    case 'roomy':
      return { measure: name, pageOf: collection, from: 0, by: lerp(room, 6 * room, a) }
    case 'tiny': {
      const at = singles.indexOf(smallest)
      return { measure: name, pageOf: collection, from: at, count: 1, by: relative(smallest, lerp(Math.floor(smallest / 2), smallest - 1, a) - smallest) }
    }
  }
}
