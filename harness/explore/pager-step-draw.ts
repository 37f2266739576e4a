import fc from 'fast-check'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import type { CollectionName } from '#fixtures/analysis-run/derive-collection.ts'
import type { PagerStep } from '#harness/scenario/scenario-schema.ts'
import { isValidLimit, maxLimit } from '#harness/contracts/pager/step-reads.ts'

/** Collection names no run has, each close to a real one or plainly wrong: every read of one must be answered unknown_collection. */
export const unknownCollections = ['tool-calls', 'Model-Exchanges', 'model-exchange', 'capability_calls', 'model-exchanges ', 'exchanges', '🔎'] as const

/**
 * Cursors a pager never hands out, or may not have: garbage, empty, another pager's format, far past the end, `at-end`
 * (made into `offset:<items>` of the collection read) just past its end, which no pager hands out (its last page's
 * cursor is null), and `offset:00000001`, the reference's own format within the run, which a pager that only checks a
 * cursor parses and is in range reads as its own. A pager that did hand that one out in the run owns it: the kit does
 * not judge that read (docs/pager-port.md), so `stepsOf` follows it with a read at the end, which no pager owns.
 */
export const unreadableCursors = ['contract-kit:not-a-cursor', '', 'offset:99999999', 'offset:-1', 'null', 'eyJvZmZzZXQiOjB9', '🔎', 'at-end', 'offset:00000001'] as const

const inRangeCursor = 'offset:00000001'

/** Which collection a step reads: the scenario's focus, the other collection of the run, or one no run has (its name). */
export type CollectionDraw = 'focus' | 'other' | { unknown: string }

/** A step as drawn: what it reads, with which limit, from where (walks: whether bounded by `maxPages`, a few pages to spare). */
export interface StepDraw {
  kind: 'read' | 'walk'
  collection: CollectionDraw
  limit: number | undefined
  cursor: string | null | undefined
  /**
   * A walk's spare pages, when it is bounded by `maxPages`: past the pages it surely needs (never fewer than a correct
   * pager needs): one a page of `limit` items when every such page surely fits (no ceiling near), else one an item.
   */
  spare: number | undefined
}

const collection = fc.oneof(
  { arbitrary: fc.constant<CollectionDraw>('focus'), weight: 6 },
  { arbitrary: fc.constant<CollectionDraw>('other'), weight: 2 },
  { arbitrary: fc.constantFrom(...unknownCollections).map((name): CollectionDraw => ({ unknown: name })), weight: 1 },
)

/** Limits: absent (the default, 100), small (walks of several pages), any valid one, the bounds 1 and 100, and invalid ones (0, negative, past 100). */
export const limitDraw: fc.Arbitrary<number | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 3 },
  { arbitrary: fc.integer({ min: 1, max: 100 }), weight: 2 },
  { arbitrary: fc.constantFrom(1, 100), weight: 1 },
  { arbitrary: fc.constantFrom(0, -1, 101, 1000, -2147483648), weight: 1 },
)

const cursor = fc.oneof(
  { arbitrary: fc.constantFrom<null | undefined>(null, undefined), weight: 4 },
  { arbitrary: fc.constantFrom<string>(...unreadableCursors), weight: 2 },
)

const walkOf = (collection: fc.Arbitrary<CollectionDraw>) =>
  fc.record({
    kind: fc.constant('walk' as const),
    collection,
    limit: limitDraw,
    cursor: fc.constant(undefined),
    spare: fc.oneof({ arbitrary: fc.constant(undefined), weight: 6 }, { arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat(3), weight: 2 }),
  })
const read = fc.record({ kind: fc.constant('read' as const), collection, limit: limitDraw, cursor, spare: fc.constant(undefined) })

/**
 * One to four steps: most often a walk of the focus collection first, then up to three walks and reads of the run's
 * collections and of unknown ones, with any limit and cursor.
 */
export const stepsDraw: fc.Arbitrary<StepDraw[]> = fc
  .tuple(
    fc.oneof({ arbitrary: walkOf(fc.constant('focus')), weight: 3 }, { arbitrary: walkOf(collection), weight: 1 }, { arbitrary: read, weight: 1 }),
    fc.array(fc.oneof({ arbitrary: walkOf(collection), weight: 1 }, { arbitrary: read, weight: 2 }), { maxLength: 3 }),
  )
  .map(([first, rest]) => [first, ...rest])

/** Limits a page of many items may meet first: absent (the default, 100), or from 41 to 100 (100 itself most often). */
const longLimitDraw: fc.Arbitrary<number | undefined> = fc.oneof(
  { arbitrary: fc.constant(undefined), weight: 3 },
  { arbitrary: fc.constant(100), weight: 1 },
  { arbitrary: fc.integer({ min: 41, max: 100 }), weight: 2 },
)

/**
 * Steps over a collection of many items: a walk of the focus collection (or a read from its start) with a limit absent
 * or near 100, then up to two walks and reads as any scenario makes.
 */
export const longPageStepsDraw: fc.Arbitrary<StepDraw[]> = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.record({ kind: fc.constant('walk' as const), collection: fc.constant<CollectionDraw>('focus'), limit: longLimitDraw, cursor: fc.constant(undefined), spare: fc.constant(undefined) }), weight: 3 },
      { arbitrary: fc.record({ kind: fc.constant('read' as const), collection: fc.constant<CollectionDraw>('focus'), limit: longLimitDraw, cursor: fc.constant(undefined), spare: fc.constant(undefined) }), weight: 1 },
    ),
    fc.array(fc.oneof({ arbitrary: walkOf(collection), weight: 1 }, { arbitrary: read, weight: 2 }), { maxLength: 2 }),
  )
  .map(([first, rest]) => [first, ...rest])

/**
 * Steps over a collection of more than 10,000 items: a walk of the focus collection with a limit absent or near 100 (a
 * hundred pages or so: never a walk of one item a page), then now and then one read of a single page.
 */
export const hugeStepsDraw: fc.Arbitrary<StepDraw[]> = fc
  .tuple(
    fc.record({ kind: fc.constant('walk' as const), collection: fc.constant<CollectionDraw>('focus'), limit: longLimitDraw, cursor: fc.constant(undefined), spare: fc.constant(undefined) }),
    fc.array(read, { maxLength: 1 }),
  )
  .map(([first, rest]) => [first, ...rest])

/**
 * Steps that read a first page whole: a walk of the focus collection first, without a limit or with one of 8 or more,
 * then up to three walks and reads as any scenario makes.
 */
export const wholeFirstPageStepsDraw: fc.Arbitrary<StepDraw[]> = fc
  .tuple(
    fc.record({
      kind: fc.constant('walk' as const),
      collection: fc.constant<CollectionDraw>('focus'),
      limit: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, { arbitrary: fc.integer({ min: 8, max: 100 }), weight: 1 }),
      cursor: fc.constant(undefined),
      spare: fc.constant(undefined),
    }),
    fc.array(fc.oneof({ arbitrary: walkOf(collection), weight: 1 }, { arbitrary: read, weight: 2 }), { maxLength: 3 }),
  )
  .map(([first, rest]) => [first, ...rest])

/**
 * The steps of drawn reads, each refusable for one reason only (the port orders no errors): an invalid limit is asked
 * of a collection of the run from its start, an unreadable cursor of a collection of the run with a valid limit. A
 * bounded walk reads the pages a correct pager surely needs, plus its spare pages: `pagesNeeded` when it knows them
 * (every page full to the limit: ceil(items / limit), the last one with cursor null), else its collection's items (a
 * page at least each). `focus` is the collection the scenario is about (its ceilings are mostly placed among its items).
 */
export function stepsOf(
  draws: readonly StepDraw[],
  focus: CollectionName,
  itemsIn: (collection: string) => number,
  pagesNeeded: (collection: string, limit: number) => number | undefined = () => undefined,
): PagerStep[] {
  const other = collectionNames.find((c) => c !== focus)!
  return draws.flatMap((draw): PagerStep[] => {
    const known = typeof draw.collection === 'string'
    const named = draw.collection === 'focus' ? focus : draw.collection === 'other' ? other : draw.collection.unknown
    const invalid = !isValidLimit(draw.limit)
    const collection = !known && (invalid || typeof draw.cursor === 'string') ? focus : named
    const limit = draw.limit === undefined ? {} : { limit: draw.limit }
    if (draw.kind === 'walk') {
      const pages = () => pagesNeeded(collection, draw.limit ?? maxLimit) ?? Math.max(1, itemsIn(collection))
      const bounded = draw.spare !== undefined && !invalid && known ? { maxPages: pages() + draw.spare } : {}
      return [{ walk: { collection, ...limit, ...bounded } }]
    }
    const atEnd = `offset:${String(itemsIn(collection)).padStart(8, '0')}`
    const drawn = draw.cursor === 'at-end' ? atEnd : draw.cursor
    const cursor = invalid ? (drawn === undefined ? {} : { cursor: null }) : drawn === undefined ? {} : { cursor: drawn }
    // an offset within the run may be the pager's own (it handed it out): the read at the end after it is never
    const andAtEnd: PagerStep[] = !invalid && drawn === inRangeCursor ? [{ read: { collection, ...limit, cursor: atEnd } }] : []
    return [{ read: { collection, ...limit, ...cursor } }, ...andAtEnd]
  })
}
