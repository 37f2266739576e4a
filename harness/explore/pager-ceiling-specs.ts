import fc from 'fast-check'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import type { CollectionName } from '#fixtures/analysis-run/derive-collection.ts'
import { measureNames } from '#harness/measures/measure-name.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import type { CeilingSpec } from '#harness/scenario/scenario-schema.ts'
import { boundaryPage, lerp, metadataRoom } from '#harness/explore/pager-ceiling-draw.ts'
import { sureRoom } from '#harness/explore/pager-evidence.ts'
import { measurePage } from '#harness/measures/measure-page.ts'

/**
 * Where a ceiling goes, as the explorer writes it in the scenario: `between` the smallest item and the whole collection
 * (an absolute `max`); at the boundary of the `first` page (the page every walk and read from the start begins with)
 * or of any page of items (`boundary`) (`pageOf`, `from`, `count`, `by` within a few units, or within
 * twice the metadata room); at the `last` page (the last items, whose page ends the collection with a null cursor: `by`
 * within a cursor's width or so); `below-largest` or at the `edge` of the largest item (`largestItemOf`, `by`, at most a few
 * units past it: items too large alone, and the one that fits only without metadata or only with a null cursor); `roomy`
 * (the whole collection and room to spare); `tiny` (below the smallest item alone); `long` (the first page of many items,
 * 40 to all of them: a page the limit, absent or near 100, decides); `largest` (the largest item alone, as a page
 * returns it: placed by its offset, `exact` most often). Most are placed among the items of the scenario's
 * focus collection, which its first step most often walks.
 */
export type CeilingPlace = 'between' | 'first' | 'long' | 'boundary' | 'last' | 'below-largest' | 'edge' | 'largest' | 'roomy' | 'tiny'

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
   * room), anywhere within twice the room either side (`wide`), or `exact`: the page as a pager with the reference's
   * metadata (`snapshot`, a cursor of `offset:` and 8 digits; |`c`| > 250) or with only its cursor returns it, measures
   * exactly the ceiling (`c` ≥ 0) or one unit over it (`c` < 0; a word, 8 bytes, of retained bytes) — where a pager that
   * compares with `<`, or counts one unit too many or too few, returns a page one item short or one unit over. A `long`
   * or `largest` ceiling takes it too.
   */
  offset: 'fine' | 'metadata' | 'wide' | 'exact'
}

/** The metadata a page of a collection carries, as a correct pager may write it (the reference's `snapshot`), to place `exact` ceilings. */
export type MetadataOf = (collection: CollectionName) => Record<string, unknown>

/** A cursor of the reference's width (`offset:` and 8 digits), which every page but the last carries. */
const cursorAt = (index: number) => `offset:${String(index).padStart(8, '0')}`

const measureDraw = fc.constantFrom<MeasureName>(...measureNames)

const offsetDraw = fc.oneof(
  { arbitrary: fc.constant<CeilingSpecDraw['offset']>('fine'), weight: 1 },
  { arbitrary: fc.constant<CeilingSpecDraw['offset']>('metadata'), weight: 2 },
  { arbitrary: fc.constant<CeilingSpecDraw['offset']>('wide'), weight: 1 },
  { arbitrary: fc.constant<CeilingSpecDraw['offset']>('exact'), weight: 2 },
)

function specDraw(
  collection: fc.Arbitrary<'focus' | 'other'>,
  place: fc.Arbitrary<CeilingPlace>,
  offset: fc.Arbitrary<CeilingSpecDraw['offset']> = offsetDraw,
  c: fc.Arbitrary<number> = fc.integer({ min: -1000, max: 1000 }),
): fc.Arbitrary<CeilingSpecDraw> {
  return fc.record({ measure: measureDraw, collection, place, a: fc.nat(1000), b: fc.nat(1000), c, offset })
}

/** Draws one ceiling: any of the five measures, against the focus collection (most often) or the other, at any place. */
export const ceilingSpecDraw: fc.Arbitrary<CeilingSpecDraw> = specDraw(
  fc.oneof({ arbitrary: fc.constant<'focus' | 'other'>('focus'), weight: 4 }, { arbitrary: fc.constant<'focus' | 'other'>('other'), weight: 1 }),
  fc.oneof(
    { arbitrary: fc.constant<CeilingPlace>('first'), weight: 3 },
    { arbitrary: fc.constant<CeilingPlace>('boundary'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('between'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('last'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('below-largest'), weight: 2 },
    { arbitrary: fc.constant<CeilingPlace>('edge'), weight: 3 },
    { arbitrary: fc.constant<CeilingPlace>('roomy'), weight: 1 },
    { arbitrary: fc.constant<CeilingPlace>('tiny'), weight: 1 },
  ),
)

/**
 * Draws `exact` ceilings (see `offset`), one in each of the five measures, all placed on the same page: the first page
 * of the focus collection (a few items, or many) or its largest item alone, as a pager with the reference's metadata (most
 * often) or with only a cursor returns it. Either every ceiling is exactly that page's measure — a pager that counts any
 * measure a unit too many, or compares with `<`, returns one item fewer (or refuses the largest item) — or one of them,
 * `over`, is one unit below it: a pager that counts that measure a unit short returns the page over it.
 */
export const exactCeilingsDraw: fc.Arbitrary<CeilingSpecDraw[]> = fc
  .record({
    place: fc.oneof({ arbitrary: fc.constant<CeilingPlace>('first'), weight: 3 }, { arbitrary: fc.constant<CeilingPlace>('largest'), weight: 2 }, { arbitrary: fc.constant<CeilingPlace>('long'), weight: 1 }),
    a: fc.nat(1000),
    metadata: fc.oneof({ arbitrary: fc.constant(true), weight: 5 }, { arbitrary: fc.constant(false), weight: 1 }),
    over: fc.oneof({ arbitrary: measureDraw, weight: 3 }, { arbitrary: fc.constant(undefined), weight: 2 }),
  })
  .map(({ place, a, metadata, over }) =>
    measureNames.map((measure): CeilingSpecDraw => ({ measure, collection: 'focus', place, a, b: 0, c: (metadata ? 1000 : 0) * (measure === over ? -1 : 1) - (measure === over && !metadata ? 1 : 0), offset: 'exact' })),
  )

/** Draws a ceiling that lets the first page of the focus collection hold many items (`long`, or `roomy`): its limit decides. */
export const longPageCeilingDraw: fc.Arbitrary<CeilingSpecDraw> = specDraw(
  fc.constant('focus'),
  fc.oneof({ arbitrary: fc.constant<CeilingPlace>('long'), weight: 3 }, { arbitrary: fc.constant<CeilingPlace>('roomy'), weight: 1 }),
)

/**
 * The ceiling a draw places among the items of its collection, written relative to them where it is placed against
 * them, so the scenario says what it means; never below the empty page with room for metadata (the port has no answer
 * for an empty page that does not fit). A collection with no items gets an absolute ceiling with room for the empty page.
 */
export function ceilingSpecOf(draw: CeilingSpecDraw, focus: CollectionName, itemsOf: (collection: CollectionName) => readonly unknown[], metadataOf: MetadataOf = () => ({})): CeilingSpec {
  const { measure: name, place, a, b, c, offset } = draw
  const collection = draw.collection === 'focus' ? focus : collectionNames.find((n) => n !== focus)!
  const items = itemsOf(collection)
  const page = (xs: readonly unknown[]) => measurePage(name, { items: xs, cursor: null })
  const room = metadataRoom[name]
  const floor = page([]) + sureRoom[name]
  const whole = page(items)
  if (items.length === 0) return { measure: name, max: lerp(whole + 2 * room, whole + 8 * room, a) }
  const singles = items.map((item) => page([item]))
  const smallest = Math.min(...singles)
  const largest = Math.max(...singles)
  const relative = (base: number, by: number) => Math.max(by, floor - base)
  // `exact`: how far the page of items start…end, as returned with metadata (or only its cursor), is above its bare page,
  // less one unit (one word of retained bytes) when c < 0
  const exact = (start: number, end: number) => {
    const xs = items.slice(start, end)
    const returned = { items: xs, cursor: end < items.length ? cursorAt(end) : null, ...(Math.abs(c) > 250 ? metadataOf(collection) : {}) }
    return measurePage(name, returned) - page(xs) - (c < 0 ? (name === 'retained-bytes' ? 8 : 1) : 0)
  }
  const offsetBy = (start: number, end: number) =>
    offset === 'exact'
      ? exact(start, end)
      : offset === 'fine'
        ? Math.round(c / 250)
        : offset === 'metadata'
          ? lerp(Math.round(room * 0.4), Math.round(room * 1.5), Math.abs(c))
          : Math.round((c * 2 * room) / 1000)
  switch (place) {
    case 'between': // mostly near the low end: pages of a few items, so a walk crosses many page boundaries
      return { measure: name, max: Math.max(floor, lerp(smallest + room, whole + room, Math.floor((a * a) / 1000))) }
    case 'first':
    case 'long':
    case 'boundary': {
      const { start, end } =
        place === 'first'
          ? { start: 0, end: 1 + Math.floor((a * Math.min(items.length, 8)) / 1001) }
          : place === 'long'
            ? { start: 0, end: lerp(Math.min(items.length, 40), items.length, 1000 - Math.floor(((1000 - a) * (1000 - a)) / 1000)) } // most often many more than 40
            : boundaryPage(items.length, a, b)
      return { measure: name, pageOf: collection, from: start, count: end - start, by: relative(page(items.slice(start, end)), offsetBy(start, end)) }
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
    case 'largest': {
      const at = singles.indexOf(largest)
      return { measure: name, largestItemOf: collection, by: relative(largest, offsetBy(at, at + 1)) }
    }
    case 'roomy':
      return { measure: name, pageOf: collection, from: 0, by: lerp(room, 6 * room, a) }
    case 'tiny': {
      const at = singles.indexOf(smallest)
      return { measure: name, pageOf: collection, from: at, count: 1, by: relative(smallest, lerp(Math.floor(smallest / 2), smallest - 1, a) - smallest) }
    }
  }
}
