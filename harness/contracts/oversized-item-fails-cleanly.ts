import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import type { ScenarioOf } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import type { PagerRead } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { isValidLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted } from '#harness/contracts/counted.ts'
import { measurePage } from '#harness/measures/measure-page.ts'
import { quoted, visibleJson, shownWord } from '#harness/contracts/text-difference.ts'

/**
 * size/oversized-item-fails-cleanly: an item that cannot fit a page alone is answered with result_limit_exceeded and a
 * data.cursor just past it (null if it was the last) — never returned, never an empty page, never another error code,
 * never a cursor that does not move or skips it without a word (a page before it whose cursor jumps past it, or ends the
 * collection) — and no item that fits is refused. Its evidence is each such refusal of an item the kit measured too
 * large for a page alone.
 */
export const oversizedItemFailsCleanly = defineContract<PagerHistory>({
  id: 'size/oversized-item-fails-cleanly',
  statement: 'An item too large for any page alone yields result_limit_exceeded with a cursor past it (no stalled cursor), and only such an item does.',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => walksToAnOversizedItem(scenario),
  check(history) {
    const oracles = indexedOracles(history)
    let undecided: ContractResult | undefined
    const refused = new Map<string, number>()
    const returnedAtEdge = new Set<string>()
    let lastRefusal: { read: PagerRead; at: number; cursor: string } | undefined
    for (const read of pagerReads(history)) {
      const oracle = oracles.get(read.request.collection)
      if (!oracle) continue
      const fits = itemFits(history, oracle.collection)
      const o = read.outcome
      const at = read.start
      const where = `the read at event ${read.invoke.index} (${requestLine(read)})`
      const atOversized = at !== undefined && fits[at] === 'oversized' && isValidLimit(read.request.limit)
      const afterRefusal = lastRefusal !== undefined && lastRefusal.read.step === read.step && read.request.cursor === lastRefusal.cursor ? lastRefusal : undefined
      lastRefusal = undefined
      if (o.kind === 'page' || o.kind === 'rejected') {
        const indexes = o.page.items.map((item) => oracle.indexOf(item))
        const inside = indexes.find((i) => i !== undefined && fits[i] === 'oversized')
        if (inside !== undefined) {
          return broken(`${where} returned item ${oracle.ids[inside]}, which cannot fit a page alone`, { ...describeRead(read), item: oracle.ids[inside] })
        }
        const first = indexes[0]
        if (afterRefusal && first !== undefined && first !== afterRefusal.at + 1) {
          const refusedAt = oracle.ids[afterRefusal.at]
          return broken(`${where} follows the cursor past ${refusedAt}, refused as too large alone, and starts at ${oracle.ids[first]}: data.cursor must point just past the refused item`, {
            ...describeRead(read),
            item: refusedAt,
            cursor: afterRefusal.cursor,
            next: oracle.ids[first],
          })
        }
        if (o.kind === 'page') {
          const edge = atTheEdge(history, oracle.collection)
          for (const i of indexes) if (i !== undefined && edge[i] && fits[i] === 'fits') returnedAtEdge.add(oracle.ids[i])
        }
        const last = indexes[indexes.length - 1]
        const skipped = o.kind === 'page' && o.page.cursor === null && last !== undefined ? oracle.ids.find((_, i) => i > last && fits[i] === 'oversized') : undefined
        if (skipped !== undefined) {
          return broken(`${where} ends the collection (cursor null) after ${oracle.ids[last!]}, but ${skipped}, too large for a page alone, was never refused: skipped without result_limit_exceeded`, {
            ...describeRead(read),
            item: skipped,
            fit: 'oversized',
            cursor: null,
          })
        }
        const sameCursor = o.page.cursor === (read.request.cursor ?? null)
        const stalled = o.page.items.length === 0 && at !== undefined && at < oracle.items.length && sameCursor && isValidLimit(read.request.limit)
        if (stalled) {
          return broken(`${where} answered item ${oracle.ids[at]} with an empty page and the same cursor: a stalled cursor`, {
            ...describeRead(read),
            item: oracle.ids[at],
            fit: fits[at],
            cursor: o.page.cursor,
          })
        }
        if (atOversized) {
          return broken(`${where} answered item ${oracle.ids[at]}, which cannot fit a page alone, with a page that skips it instead of result_limit_exceeded`, {
            ...describeRead(read),
            item: oracle.ids[at],
            fit: fits[at],
            cursor: o.page.cursor,
          })
        }
        continue
      }
      if (o.kind !== 'error') continue
      if (o.code !== 'result_limit_exceeded') {
        if (atOversized) {
          return broken(`${where} answered item ${oracle.ids[at]}, which cannot fit a page alone, with ${shownWord(o.code)} instead of result_limit_exceeded`, {
            ...describeRead(read),
            item: oracle.ids[at],
            answer: o.code,
          })
        }
        continue
      }
      if (at !== undefined && fits[at] === 'fits') {
        return broken(`${where} refused item ${oracle.ids[at]} with result_limit_exceeded, but it fits a page alone`, { ...describeRead(read), item: oracle.ids[at] })
      }
      if (at !== undefined && fits[at] === 'uncertain') undecided ??= unknown(`cannot tell whether item ${oracle.ids[at]} fits alone: no page of ${oracle.collection} shows the metadata`)
      const cursor = o.data?.cursor
      if (cursor === undefined || (cursor !== null && cursor === (read.request.cursor ?? null))) {
        return broken(`${where} answered result_limit_exceeded without a cursor past the item: ${cursor === undefined ? 'no data.cursor' : 'the same cursor'}`, {
          ...describeRead(read),
          ...(at !== undefined ? { item: oracle.ids[at] } : {}),
          cursor: cursor ?? '(none)',
        })
      }
      if (atOversized) {
        const isLast = at === oracle.items.length - 1
        if (isLast !== (cursor === null)) {
          return broken(
            isLast
              ? `${where} refused the last item ${oracle.ids[at]} with data.cursor ${typeof cursor === 'string' ? quoted(cursor) : visibleJson(cursor, 80)}: past the last item the cursor is null`
              : `${where} refused ${oracle.ids[at]} with data.cursor null, but ${counted(oracle.items.length - at - 1, 'item')} follow it`,
            { ...describeRead(read), item: oracle.ids[at], cursor },
          )
        }
        refused.set(oracle.ids[at], (refused.get(oracle.ids[at]) ?? 0) + 1)
        if (typeof cursor === 'string') lastRefusal = { read, at, cursor }
      }
    }
    if (undecided) return undecided
    if (refused.size === 0 && returnedAtEdge.size === 0) return nothingRefused(history)
    const reads = [...refused.values()].reduce((a, b) => a + b, 0)
    const parts = [
      refused.size > 0 && `${counted(refused.size, 'item')} too large for a page alone (${[...refused.keys()].join(', ')}) refused with result_limit_exceeded and a cursor past it, in ${counted(reads, 'read')}`,
      returnedAtEdge.size > 0 && `${counted(returnedAtEdge.size, 'item')} at a ceiling alone (${[...returnedAtEdge].join(', ')}) fitting a page alone with this pager's metadata, returned, not refused`,
    ].filter(Boolean)
    return held(parts.join('; '), { items: [...refused.keys()], refusals: reads, returnedAtEdge: [...returnedAtEdge] })
  },
})

/**
 * Which items of a collection are at the edge of a ceiling alone: the bare page `{ items: [item], cursor: null }` (no
 * metadata) reaches a ceiling's max. Such an item is too large alone for a pager with metadata, and fits exactly for
 * one without: either way the History shows whether the pager answered it right.
 */
function atTheEdge(history: PagerHistory, collection: string): boolean[] {
  let byCollection = edges.get(history)
  if (!byCollection) edges.set(history, (byCollection = new Map()))
  let edge = byCollection.get(collection)
  if (!edge) {
    // measured once per History and collection, not once per page read: the cost stays linear in the History
    const oracle = history.oracle.find((o) => o.collection === collection)
    edge = (oracle?.items ?? []).map((item) => history.ceilings.some((c) => measurePage(c.measure, { items: [item], cursor: null }) >= c.max))
    byCollection.set(collection, edge)
  }
  return edge
}

const edges = new WeakMap<PagerHistory, Map<string, boolean[]>>()

/** Why no refusal was seen: no item is too large alone (not applicable), or a walk should have reached one and did not. */
function nothingRefused(history: PagerHistory): ContractResult {
  const walked = new Set(stepReads(history.steps).filter((s) => s.kind === 'walk' && s.validLimit).map((s) => s.collection))
  const oversized = history.oracle.flatMap((o) => {
    const fits = itemFits(history, o.collection)
    return o.ids.filter((_, i) => fits[i] === 'oversized').map((id) => ({ collection: o.collection, id }))
  })
  pre(oversized.length > 0, `no item of ${history.oracle.map((o) => o.collection).join(' or ') || 'the collections read'} is known to be too large for a page alone`)
  const missed = oversized.filter((o) => walked.has(o.collection))
  pre(missed.length > 0, `no step reads as far as ${oversized.map((o) => o.id).join(', ')}, too large for a page alone`)
  return unknown(`the walks never reached ${missed.map((o) => o.id).join(', ')}, too large for a page alone: no refusal to judge`)
}

/**
 * Whether a scenario is sure to walk to an item at the edge of a ceiling alone: a ceiling at or below the page holding the
 * largest item of a collection alone (`largestItemOf` with `by` ≤ 0: too large alone with any metadata, or below 0 for
 * every pager), and a walk of that collection to its end.
 */
function walksToAnOversizedItem(scenario: ScenarioOf<'pager'>): true | string {
  const walks = stepReads(scenario.steps).filter((s) => s.kind === 'walk' && s.validLimit && s.maxPages === undefined)
  const below = scenario.given.ceilings.flatMap((c) => ('largestItemOf' in c && c.by <= 0 ? [c.largestItemOf] : []))
  if (below.length === 0) return 'no ceiling is at or below the largest item of a collection (largestItemOf with by ≤ 0): no item is sure to be at the edge of a page alone'
  return walks.some((w) => below.includes(w.collection)) || `no walk to the end of ${below.join(' or ')}, whose largest item is at the edge of a page alone`
}

/** Checks size/oversized-item-fails-cleanly on a History (returns the result). */
export const checkOversizedItemFailsCleanly = oversizedItemFailsCleanly.check
/** Asserts size/oversized-item-fails-cleanly on a History (throws unless held). */
export const assertOversizedItemFailsCleanly = oversizedItemFailsCleanly.assert
