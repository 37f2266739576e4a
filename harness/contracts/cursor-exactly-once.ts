import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import type { IndexedOracle, PagerRead } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { isValidLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted, figure } from '#harness/contracts/counted.ts'
import type { PagerHistory as History } from '#harness/history/history.ts'
import { visibleJson, shownWord } from '#harness/contracts/text-difference.ts'
import { previousRunRead } from '#harness/drivers/pager/drive-pager.ts'

/** How many ids a witness lists of each kind before it only counts them. */
const idsShown = 10

const noWalk = 'no walk with a valid limit: no cursors to follow'

/** What one walk that kept the contract showed: its collection, the items returned, refused as too large, and its pages. */
interface WalkSeen {
  step: number
  collection: string
  items: number
  refused: number
  pages: number
}

/**
 * recovery/cursor-exactly-once: following cursors from the start returns every item exactly once, in order; the cursor
 * strictly advances and the walk ends. Only an item too large alone (refused with result_limit_exceeded) may be missed.
 * Its evidence is each walk followed to its end: of a collection with no items, its first page, empty with cursor null
 * (docs/pager-port.md answers such a collection so).
 */
export const cursorExactlyOnce = defineContract<PagerHistory>({
  id: 'recovery/cursor-exactly-once',
  statement: 'Following cursors from the start returns every item exactly once and in order (none lost, duplicated or unexpected), the cursor strictly advances, and the walk terminates.',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => stepReads(scenario.steps).some((s) => s.kind === 'walk' && s.validLimit) || noWalk,
  check(history) {
    const steps = stepReads(history.steps)
    pre(steps.some((s) => s.kind === 'walk' && s.validLimit), noWalk)
    const reads = pagerReads(history).filter((r) => r.stepKind === 'walk' && isValidLimit(r.request.limit))
    const oracles = indexedOracles(history)
    const seen: WalkSeen[] = []
    for (const [step, s] of history.steps.entries()) {
      if (!(s !== null && typeof s === 'object' && 'walk' in s)) continue
      const walk = reads.filter((r) => r.step === step)
      const spec = stepReads([s])[0]
      if (!spec.validLimit) continue
      if (walk.length === 0) return unknown(`the walk of step ${step} over ${shownWord(spec.collection)} made no read`)
      const oracle = oracles.get(walk[0].request.collection)
      if (!oracle) continue
      const result = checkWalk(history, step, walk, oracle)
      if ('verdict' in result) return result
      seen.push(result)
    }
    if (seen.length === 0) return unknown('no walk could be compared with its collection')
    const silent = emptyWalksOnly(history, seen)
    if (silent) return unknown(silent)
    return held(`${counted(seen.length, 'walk')} followed to the end, every item once and in order: ${seen.map(describeWalk).join(', ')}`, { walks: seen })
  },
})

/**
 * Where every walk ended on an empty first page, why that shows nothing when the pager never returned an item in the
 * whole History (the previous run's reads included): a pager that answers every read with an empty page ends such walks
 * too. Undefined when some walk held items or some read returned one.
 */
function emptyWalksOnly(history: History, seen: WalkSeen[]): string | undefined {
  if (seen.some((w) => w.items + w.refused > 0)) return undefined
  const invokes = new Map<number, string>()
  for (const e of history.events) if (e.type === 'invoke') invokes.set(e.index, e.f)
  let previousReads = 0
  for (const e of history.events) {
    if (e.type !== 'ok' || invokes.get(e.invoke) !== previousRunRead) continue
    previousReads += 1
    const value = e.value as { items?: unknown } | undefined
    if (typeof value?.items === 'number' && value.items > 0) return undefined
  }
  if (previousReads === 0) return undefined
  return `every walk ended on an empty first page, but the pager returned no item for the previous run either (${counted(previousReads, 'read')}): an empty page shows nothing a pager that never answers with items would not show`
}

function describeWalk(w: WalkSeen): string {
  if (w.items + w.refused === 0) return `${w.collection} (no items) ended by its first page, empty with cursor null`
  return `${w.collection} ${counted(w.items, 'item')} in ${counted(w.pages, 'read')}${w.refused > 0 ? ` (${figure(w.refused)} refused as too large)` : ''}`
}

function checkWalk(history: History, step: number, walk: PagerRead[], oracle: IndexedOracle): ContractResult | WalkSeen {
  const fits = itemFits(history, oracle.collection)
  const seen = new Map<number, number>()
  const unexpected: string[] = []
  const excused = new Set<number>()
  const cursors = new Set<string>()
  let previous = -1
  let backwards: Record<string, unknown> | undefined
  let repeated: string | undefined
  for (const read of walk) {
    const cursor = read.request.cursor ?? null
    if (cursor !== null && cursors.has(cursor)) repeated ??= cursor
    if (cursor !== null) cursors.add(cursor)
    const o = read.outcome
    if (o.kind === 'error' && o.code === 'result_limit_exceeded' && read.start !== undefined && fits[read.start] !== 'fits') excused.add(read.start)
    if (o.kind !== 'page') continue
    for (const item of o.page.items) {
      const i = oracle.indexOf(item)
      if (i === undefined) {
        unexpected.push(visibleJson(item, 80))
        continue
      }
      seen.set(i, (seen.get(i) ?? 0) + 1)
      if (i <= previous) backwards ??= { event: read.invoke.index, item: oracle.ids[i], after: oracle.ids[previous] }
      previous = Math.max(previous, i)
    }
  }
  const last = walk[walk.length - 1].outcome
  if (last.kind === 'adapter-failure' || last.kind === 'unanswered') return unknown(`the walk of step ${step} ended without an answer`)
  const lost = oracle.ids.filter((_, i) => !seen.has(i) && !excused.has(i))
  const duplicated = oracle.ids.filter((_, i) => (seen.get(i) ?? 0) > 1)
  // a collection with no items is answered with an empty page whose cursor is null (docs/pager-port.md): nothing to refuse
  const ending = oracle.items.length === 0 && last.kind !== 'page' ? { terminated: false, how: `${endingOf(last).how}, where a collection with no items is answered with an empty page and cursor null` } : endingOf(last)
  const problems = [
    lost.length && `${lost.length} lost`,
    duplicated.length && `${duplicated.length} duplicated`,
    unexpected.length && `${unexpected.length} unexpected`,
    backwards && 'the cursor went back',
    repeated && 'a cursor repeated',
    !ending.terminated && `the walk did not terminate (${ending.how})`,
  ].filter(Boolean)
  if (problems.length === 0) return { step, collection: oracle.collection, items: seen.size, refused: excused.size, pages: walk.length }
  return broken(`following cursors in step ${step} over ${oracle.items.length} ${oracle.collection}: ${problems.join(', ')}`, {
    step,
    collection: oracle.collection,
    pages: walk.length,
    lost: { count: lost.length, ids: lost.slice(0, idsShown) },
    duplicated: { count: duplicated.length, ids: duplicated.slice(0, idsShown) },
    unexpected: { count: unexpected.length, items: unexpected.slice(0, idsShown) },
    ...(backwards ? { backwards } : {}),
    ...(repeated ? { repeatedCursor: repeated } : {}),
    ended: ending.how,
  })
}

function endingOf(o: PagerRead['outcome']): { terminated: boolean; how: string } {
  if (o.kind === 'page') return o.page.cursor === null ? { terminated: true, how: 'cursor null' } : { terminated: false, how: 'stopped with a cursor left (page limit of the walk reached)' }
  if (o.kind === 'rejected') return { terminated: false, how: `dispatcher rejected a page (provider_result_limit: ${o.measure} ${o.value} > ${o.max})` }
  if (o.kind === 'error') {
    const cursor = o.data?.cursor
    if (o.code === 'result_limit_exceeded' && cursor === null) return { terminated: true, how: 'result_limit_exceeded at the last item' }
    return { terminated: false, how: `error ${shownWord(o.code)}` }
  }
  return { terminated: false, how: o.kind }
}

/** Checks recovery/cursor-exactly-once on a History (returns the result). */
export const checkCursorExactlyOnce = cursorExactlyOnce.check
/** Asserts recovery/cursor-exactly-once on a History (throws unless held). */
export const assertCursorExactlyOnce = cursorExactlyOnce.assert
