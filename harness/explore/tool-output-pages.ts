import fc from 'fast-check'
import type { PageSpec } from '#fixtures/pages/page-tree.ts'
import { pageSpecs } from '#harness/explore/snapshotter-pages.ts'

/** Siblings whose flat list runs just short of, at or just past 240 and 480 lines (1 + 3 a sibling, 4 more a nested level), or anywhere up to 1,200 lines. */
const manySiblings = fc.oneof(
  { withCrossShrink: true },
  { weight: 2, arbitrary: fc.integer({ min: 76, max: 84 }) },
  { weight: 1, arbitrary: fc.integer({ min: 156, max: 164 }) },
  { weight: 1, arbitrary: fc.integer({ min: 60, max: 400 }) },
)

/** Name lengths: short mostly, sometimes hundreds of code points (all printed: under 900 UTF-16 units), so the output runs to hundreds of kilobytes. */
const names = fc.oneof({ withCrossShrink: true }, { weight: 2, arbitrary: fc.integer({ min: 1, max: 24 }) }, { weight: 1, arbitrary: fc.integer({ min: 100, max: 850 }) })

/**
 * Long pages: a flat list (or one whose first item holds a short chain) of 60 to 400 items, whose output runs around
 * and past the 240 lines a recovery command reads at once — the line count a range bug shows at — and, with longer
 * names, to hundreds of kilobytes, where a spill bounded in size would keep only part of it.
 */
const longPages: fc.Arbitrary<PageSpec> = fc
  .record({ flat: fc.boolean(), siblings: manySiblings, depth: fc.integer({ min: 2, max: 4 }), text: names, seed: fc.integer({ min: 1, max: 1000 }) })
  .map(({ flat, siblings, depth, text, seed }): PageSpec => (flat ? { kind: 'flat', siblings, text, seed } : { kind: 'mixed', siblings, depth, text, seed }))

/** The tool-output explorer's pages: the generated pages of every shape (`pageSpecs`), and now and then a long one. Shrinks toward the former. */
export function toolOutputPages(): fc.Arbitrary<PageSpec> {
  return fc.oneof({ withCrossShrink: true }, { weight: 5, arbitrary: pageSpecs() }, { weight: 1, arbitrary: longPages })
}
