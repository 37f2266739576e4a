import fc from 'fast-check'
import { allDerivationEdges } from '#fixtures/analysis-run/derivation-edges.ts'
import type { DerivationEdge } from '#fixtures/analysis-run/derivation-edges.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import type { PagerStep } from '#harness/scenario/scenario-schema.ts'

/** The reads a case may add that the port refuses: one with a cursor never handed out, one of a collection that does not exist. */
export type RefusedRead = 'invalid-cursor' | 'unknown-collection'

/**
 * What a case adds to its plain run, ceilings, walk and read, so the property reaches every rule the bundled scenarios
 * do: derivation edge cases in its records (docs/fixtures.md), a text measure for its first ceiling instead of
 * json-bytes (docs/measures.md), reads the port refuses, and another run the pager is set up with (and read) first.
 */
export interface CaseExtrasDraw {
  edges: DerivationEdge[]
  firstMeasure: MeasureName
  refusedReads: RefusedRead[]
  /** Whether the pager is set up with another run, and reads it, before the case's run replaces it. */
  previous: boolean
}

const often = (arbitrary: fc.Arbitrary<boolean>) => fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary, weight: 2 })

/** Draws a case's extras: each edge and refused read in about half the cases or more, a text measure in a quarter, a previous run in a fifth. */
export const caseExtras: fc.Arbitrary<CaseExtrasDraw> = fc.record({
  edges: fc.oneof({ arbitrary: fc.constant<DerivationEdge[]>([]), weight: 1 }, { arbitrary: fc.subarray([...allDerivationEdges], { minLength: 1 }), weight: 2 }),
  firstMeasure: fc.oneof(
    { arbitrary: fc.constant<MeasureName>('json-bytes'), weight: 3 },
    { arbitrary: fc.constantFrom<MeasureName>('utf8-bytes', 'runes', 'utf16-units'), weight: 1 },
  ),
  refusedReads: fc
    .tuple(often(fc.constant(false)), often(fc.constant(false)))
    .map(([cursor, collection]) => [...(cursor ? ['invalid-cursor' as const] : []), ...(collection ? ['unknown-collection' as const] : [])]),
  previous: fc.oneof({ arbitrary: fc.constant(false), weight: 4 }, { arbitrary: fc.constant(true), weight: 1 }),
})

/**
 * The steps of a case's refused reads: cursors no pager hands out — garbage, and one just past the end of the
 * collection's `items` in the reference's own format (its last page's cursor is null) — then `offset:00000001`, within
 * the run, which a pager refuses unless a page of its own ended there (then it is its own, not judged), and a
 * collection name that is none.
 */
export function refusedReadSteps(reads: readonly RefusedRead[], collection: string, items: number): PagerStep[] {
  const atEnd = `offset:${String(items).padStart(8, '0')}`
  return reads.flatMap((read): PagerStep[] =>
    read === 'invalid-cursor'
      ? [
          { read: { collection, limit: 2, cursor: 'contract-kit:not-a-cursor' } },
          { read: { collection, limit: 2, cursor: atEnd } },
          { read: { collection, limit: 2, cursor: 'offset:00000001' } },
        ]
      : [{ read: { collection: 'tool-calls' } }],
  )
}
