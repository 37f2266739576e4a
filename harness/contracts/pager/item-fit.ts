import type { History } from '#harness/history/history.ts'
import type { Page } from '#harness/ports/pager-port.ts'
import { firstBrokenCeiling } from '#harness/measures/first-broken-ceiling.ts'
import { indexedOracles } from '#harness/contracts/pager/pager-reads.ts'

/**
 * Whether an item fits a page alone: `oversized` (even the smallest page holding it breaks a ceiling), `fits` (the page
 * holding it, with the implementation's own metadata and cursor, fits every ceiling) or `uncertain` (the History shows
 * no page of this collection to take the metadata from).
 */
export type ItemFit = 'oversized' | 'fits' | 'uncertain'

/** How each item of a collection fits a page alone, judged with the metadata of the first page the History holds. */
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
  const template = firstPageOf(history, collection)
  return oracle.items.map((item, i) => {
    const isLast = i === oracle.items.length - 1
    if (firstBrokenCeiling({ ...(template ?? {}), items: [item], cursor: null }, history.ceilings)) return 'oversized'
    if (!template || (!isLast && template.cursor === null)) return 'uncertain'
    const page = { ...template, items: [item], cursor: isLast ? null : template.cursor }
    return firstBrokenCeiling(page, history.ceilings) ? 'uncertain' : 'fits'
  })
}

function firstPageOf(history: History, collection: string): Page | undefined {
  const asked = new Map<number, string>()
  for (const e of history.events) {
    if (e.type === 'invoke' && e.f === 'pager.read') asked.set(e.index, (e.value as { collection: string }).collection)
    if (e.type === 'ok' && e.f === 'pager.read' && asked.get(e.invoke) === collection) return e.value as Page
  }
  return undefined
}
