import type { Ceiling } from '#harness/ports/pager-port.ts'
import type { CollectionOracle } from '#harness/history/history.ts'
import type { CeilingSpec } from '#harness/scenario/scenario-schema.ts'
import { measure } from '#harness/measures/measure.ts'
import { measurePage } from '#harness/measures/measure-page.ts'

/**
 * Turns a scenario's ceilings into absolute ones: a ceiling relative to the fixture becomes the measure of the page
 * `{ items: [largest item], cursor: null }` of that collection (`largestItemOf`), or of the page holding `count` of its
 * items from index `from` (`pageOf`), plus `by`. A relative ceiling needs the items it names: it throws otherwise.
 */
export function resolveCeilings(specs: readonly CeilingSpec[], oracles: ReadonlyMap<string, CollectionOracle>): Ceiling[] {
  return specs.map((spec) => {
    if ('max' in spec) return { measure: spec.measure, max: spec.max }
    if ('largestItemOf' in spec) {
      const items = oracles.get(spec.largestItemOf)?.items ?? []
      if (items.length === 0) throw new Error(`a ceiling is relative to the largest item of ${spec.largestItemOf}, which has no items`)
      const largest = items.reduce<number>((most, item) => Math.max(most, measurePage(spec.measure, { items: [item], cursor: null })), -Infinity)
      return { measure: spec.measure, max: largest + (spec.by ?? 0) }
    }
    const items = oracles.get(spec.pageOf)?.items ?? []
    const from = spec.from ?? 0
    const count = spec.count ?? items.length - from
    if (count < 1 || from + count > items.length) {
      throw new Error(`a ceiling is relative to ${count < 1 ? 'no item' : `items ${from} to ${from + count - 1}`} of ${spec.pageOf}, which has ${items.length} item${items.length === 1 ? '' : 's'}`)
    }
    return { measure: spec.measure, max: measurePage(spec.measure, { items: items.slice(from, from + count), cursor: null }) + (spec.by ?? 0) }
  })
}
