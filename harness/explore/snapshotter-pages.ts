import fc from 'fast-check'
import type { NameLength, PageSpec } from '#fixtures/pages/page-tree.ts'
import { pageName } from '#fixtures/pages/page-name.ts'
import { createPrng } from '#fixtures/analysis-run/prng.ts'

/** Draws from `small` mostly, sometimes from `wider`, rarely from `edge`: small fast cases that can still reach the edges. */
function biased<T>(small: fc.Arbitrary<T>, wider: fc.Arbitrary<T>, edge: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ withCrossShrink: true }, { weight: 8, arbitrary: small }, { weight: 3, arbitrary: wider }, { weight: 1, arbitrary: edge })
}

/** The deepest nesting drawn, in lists: Chromium (Playwright 1.65.1's ariaSnapshot) answers a page 29 lists deep, and times out on one 30 deep. */
const maxLists = 24

const siblings = biased(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 1000 }))
const depth = biased(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: maxLists }))
const fanout = fc.array(fc.integer({ min: 1, max: 4 }), { minLength: 1, maxLength: 4 })

/** Playwright's limit on a name: one longer than 900 UTF-16 units is left out, one of exactly 900 is printed. */
const nameLimit = 900

/** A name length as drawn: one the page spec writes, or `at-limit` (the page's first name exactly 900 UTF-16 units long, see `atTheLimit`). */
type DrawnLength = NameLength | 'at-limit'

/** A name length: one number (short, or around Playwright's 900-unit limit on names), a range, or a first name right at the limit. */
const nameLengths: fc.Arbitrary<DrawnLength> = biased<DrawnLength>(
  fc.integer({ min: 1, max: 24 }),
  fc.record({ min: fc.integer({ min: 1, max: 12 }), spread: fc.integer({ min: 0, max: 40 }) }).map(({ min, spread }) => ({ min, max: min + spread })),
  // names of 880 to 910 code points are 880 to ~960 UTF-16 units: on both sides of the 900 units past which a name is
  // left out; and now and then a name of exactly 900 units, which must still be printed
  fc.oneof({ withCrossShrink: true }, fc.integer({ min: 880, max: 910 }), fc.integer({ min: 880, max: 900 }).map((min) => ({ min, max: min + 10 })), fc.constant('at-limit' as const)),
)

/**
 * A name length and seed, from `seed` on, that make a page's first name (ordinal 1, the first one `pageTree` draws
 * from a fresh seed whatever the kind) exactly 900 UTF-16 units long: a name of 880 to 900 code points, its emoji
 * counted twice. Deterministic; `{ text: 900, seed }` (at least 900 units) if none of the next 50 seeds has one.
 */
export function atTheLimit(seed: number, marks: boolean): { text: number; seed: number } {
  for (let s = seed; s < seed + 50; s++) {
    // a shorter name is a prefix of the longest (the same words, cut sooner): count its UTF-16 units code point by code point
    let units = 0
    for (const [i, point] of [...pageName(createPrng(s), 1, nameLimit, marks)].entries()) {
      units += point.length
      const text = i + 1
      if (units === nameLimit && text >= 880 && pageName(createPrng(s), 1, text, marks).length === nameLimit) return { text, seed: s }
      if (units >= nameLimit) break
    }
  }
  return { text: nameLimit, seed }
}

/** A page's shape: its kind and size, without names. */
type Shape = { kind: 'flat'; siblings: number } | { kind: 'deep'; depth: number } | { kind: 'mixed'; siblings: number; depth: number } | { kind: 'tree'; fanout: number[] }

const shapes: fc.Arbitrary<Shape> = fc.oneof(
  { withCrossShrink: true },
  { weight: 3, arbitrary: siblings.map((n): Shape => ({ kind: 'flat', siblings: n })) },
  { weight: 2, arbitrary: depth.map((d): Shape => ({ kind: 'deep', depth: d })) },
  { weight: 2, arbitrary: fc.tuple(siblings, depth).map(([n, d]): Shape => ({ kind: 'mixed', siblings: n, depth: d })) },
  { weight: 2, arbitrary: fanout.map((f): Shape => ({ kind: 'tree', fanout: f })) },
)

/**
 * Generated pages of any shape as a scenario writes them: flat, deep, mixed or tree, small by default (a few items, a
 * few levels, short names) but reaching hundreds of siblings, tens of levels, names around the 900-unit limit, name
 * lengths drawn from a range, a first name of exactly 900 UTF-16 units, named lists and names YAML must quote. Shrinks
 * toward one flat item, short plain names, seed 1.
 */
export function pageSpecs(): fc.Arbitrary<PageSpec> {
  const sometimes = fc.oneof({ withCrossShrink: true }, { weight: 5, arbitrary: fc.constant(false) }, { weight: 1, arbitrary: fc.constant(true) })
  return fc.tuple(shapes, nameLengths, fc.integer({ min: 1, max: 1000 }), sometimes, sometimes).map(([shape, drawn, drawnSeed, labels, marks]) => {
    const { text, seed } = drawn === 'at-limit' ? atTheLimit(drawnSeed, marks) : { text: drawn, seed: drawnSeed }
    return { ...shape, text, seed, ...(labels ? { labels } : {}), ...(marks ? { marks } : {}) } as PageSpec
  })
}
