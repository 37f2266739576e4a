import type { Ceiling } from '#harness/ports/pager-port.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import type { CeilingSpec, PagerStep } from '#harness/scenario/scenario-schema.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { stepReads } from '#harness/contracts/pager/step-reads.ts'
import { measurePage } from '#harness/measures/measure-page.ts'

/**
 * The most a correct pager's page may add to its items, metadata and cursor together, that the explorer counts on
 * (the reference adds 76 JSON bytes and 224 retained bytes: `snapshot` and a cursor of fixed width): an item whose page
 * alone is this far under every ceiling surely fits a page alone.
 */
export const sureRoom: Record<MeasureName, number> = { 'json-bytes': 120, 'utf8-bytes': 120, runes: 120, 'utf16-units': 120, 'retained-bytes': 400 }

/** How an item fits a page alone, whatever a correct pager's metadata: surely (`fits`), surely not (`over`: its bare page breaks a ceiling), or `uncertain`. */
export type SureFit = 'fits' | 'over' | 'uncertain'

/** How each item fits a page alone under the ceilings. */
export function sureFits(items: readonly unknown[], ceilings: readonly Ceiling[]): SureFit[] {
  return items.map((item) => {
    let fits: SureFit = 'fits'
    for (const c of ceilings) {
      const bare = measurePage(c.measure, { items: [item], cursor: null })
      if (bare > c.max) return 'over'
      if (bare + sureRoom[c.measure] > c.max) fits = 'uncertain'
    }
    return fits
  })
}

/**
 * The contracts a scenario gives evidence to on any correct pager whose metadata and cursor fit in `sureRoom` (each
 * comes back held, never not-applicable or unknown), in the port's order: pages of items where a read surely gets one
 * (from the start, its first item fits alone; a walk, some item fits alone), invalid limits, unknown collections and
 * unreadable cursors refused, walks followed to the end, first pages, and items too large alone where the contract is
 * exercised and every item a read may refuse can be judged (the History surely shows a page of its collection).
 */
export function contractsWithEvidence(steps: readonly PagerStep[], specs: readonly CeilingSpec[], fits: ReadonlyMap<string, readonly SureFit[]>): string[] {
  const known = (c: string) => (collectionNames as readonly string[]).includes(c)
  const reads = stepReads(steps)
  const walked = new Set(reads.filter((r) => r.kind === 'walk' && r.validLimit && known(r.collection)).map((r) => r.collection))
  const fitsOf = (c: string) => fits.get(c) ?? []
  const hasPage = (c: string) => walked.has(c) && fitsOf(c).includes('fits')
  const firsts = reads.filter((r) => r.fromStart && r.validLimit && known(r.collection) && fitsOf(r.collection).length > 0).map((r) => r.collection)
  const surePage = reads.some((r) => r.validLimit && known(r.collection) && (r.kind === 'walk' ? fitsOf(r.collection).includes('fits') : r.fromStart && fitsOf(r.collection)[0] === 'fits'))
  const invalidLimit = reads.some((r) => !r.validLimit && known(r.collection))
  const walkSeen = [...walked].some((c) => fitsOf(c).some((f) => f !== 'uncertain'))
  const firstPage = firsts.some((c) => fitsOf(c)[0] === 'fits') && firsts.every((c) => fitsOf(c)[0] !== 'uncertain' || hasPage(c))
  // every item a read may refuse is judged with the metadata of a page of its collection (or surely too large alone)
  const judgeable = reads.every((r) => {
    if (!r.validLimit || !known(r.collection) || !r.fromStart || hasPage(r.collection)) return true
    const reached = r.kind === 'walk' ? fitsOf(r.collection) : fitsOf(r.collection).slice(0, 1)
    return !reached.includes('uncertain')
  })
  const edges = specs.flatMap((s) => ('largestItemOf' in s && s.by <= 0 ? [s.largestItemOf] : []))
  const oversized = reads.some((r) => r.kind === 'walk' && r.validLimit && r.maxPages === undefined && edges.includes(r.collection) && hasPage(r.collection)) && judgeable
  const evidence: Record<string, boolean> = {
    'size/page-fits-ceilings': surePage,
    'size/limit-is-upper-bound': surePage || invalidLimit,
    'size/largest-fitting-prefix': surePage,
    'size/oversized-item-fails-cleanly': oversized,
    'recovery/first-page-reachable': firstPage,
    'recovery/cursor-exactly-once': walkSeen,
    'recovery/items-as-derived': surePage,
    'recovery/unknown-collection-refused': reads.some((r) => r.validLimit && !known(r.collection)),
    'recovery/invalid-cursor-refused': reads.some((r) => r.kind === 'read' && !r.fromStart && r.validLimit && known(r.collection)),
  }
  return contractsOfPort('pager').map((c) => c.id).filter((id) => evidence[id] === true)
}
