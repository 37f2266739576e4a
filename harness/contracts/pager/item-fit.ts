import type { PagerHistory as History } from '#harness/history/history.ts'
import { firstBrokenCeiling } from '#harness/measures/first-broken-ceiling.ts'
import { measurePage } from '#harness/measures/measure-page.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import type { PagerRead } from '#harness/contracts/pager/pager-reads.ts'

/**
 * Whether an item fits a page alone: `oversized` (the page holding it alone breaks a ceiling), `fits` (that page fits
 * every ceiling) or `uncertain` (the History shows no page of this collection to take the metadata from, or no cursor
 * to take the width of one from). The page is built from the implementation's own metadata (its first page of the
 * collection) and a cursor it returned (cursors have a fixed width, docs/pager-port.md), `null` for the last item.
 */
export type ItemFit = 'oversized' | 'fits' | 'uncertain'

/** How each item of a collection fits a page alone, judged with the metadata and a cursor the History shows. */
export function itemFits(history: History, collection: string): ItemFit[] {
  let byCollection = cache.get(history)
  if (!byCollection) cache.set(history, (byCollection = new Map()))
  if (!byCollection.has(collection)) byCollection.set(collection, judgeItemFits(history, collection))
  return byCollection.get(collection)!
}

const cache = new WeakMap<History, Map<string, ItemFit[]>>()

function judgeItemFits(history: History, collection: string): ItemFit[] {
  const oracle = indexedOracles(history).get(collection)
  if (!oracle) return []
  const reads = pagerReads(history).filter((r) => r.request.collection === collection)
  const template = reads.map((r) => ('page' in r.outcome ? r.outcome.page : undefined)).find((p) => p !== undefined)
  const cursor = reads.map(cursorShownBy).find((c) => c !== undefined)
  return oracle.items.map((item, i) => {
    const isLast = i === oracle.items.length - 1
    if (firstBrokenCeiling({ ...(template ?? {}), items: [item], cursor: null }, history.ceilings, measurePage)) return 'oversized'
    if (!template || (!isLast && cursor === undefined)) return 'uncertain'
    return firstBrokenCeiling({ ...template, items: [item], cursor: isLast ? null : cursor }, history.ceilings, measurePage) ? 'oversized' : 'fits'
  })
}

/**
 * A cursor the implementation handed out in a read: one a walk asked with (it follows the implementation's own), one
 * returned on a page, or one given past an oversized item — never the cursor a read step gives, which a scenario wrote.
 */
function cursorShownBy(read: PagerRead): string | undefined {
  const o = read.outcome
  const candidates = [read.stepKind === 'walk' ? read.request.cursor : undefined, 'page' in o ? o.page.cursor : undefined, o.kind === 'error' ? o.data?.cursor : undefined]
  return candidates.find((c): c is string => typeof c === 'string')
}
