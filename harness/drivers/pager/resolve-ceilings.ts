import type { Ceiling } from '#harness/ports/pager-port.ts'
import type { CollectionOracle } from '#harness/history/history.ts'
import type { CeilingSpec } from '#harness/scenario/scenario-schema.ts'
import { measure } from '#harness/measures/measure.ts'

/**
 * Turns a scenario's ceilings into absolute ones: a ceiling relative to the fixture (`largestItemOf`, `by`) becomes the
 * measure of the page `{ items: [largest item], cursor: null }` of that collection, plus `by`.
 */
export function resolveCeilings(specs: readonly CeilingSpec[], oracles: ReadonlyMap<string, CollectionOracle>): Ceiling[] {
  return specs.map((spec) => {
    if ('max' in spec) return { measure: spec.measure, max: spec.max }
    const oracle = oracles.get(spec.largestItemOf)
    if (!oracle || oracle.items.length === 0) throw new Error(`a ceiling is relative to the largest item of ${spec.largestItemOf}, which has no items`)
    const largest = Math.max(...oracle.items.map((item) => measure(spec.measure, { items: [item], cursor: null })))
    return { measure: spec.measure, max: largest + (spec.by ?? 0) }
  })
}
