import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import type { IndexedOracle, PagerRead } from '#harness/contracts/pager/pager-reads.ts'
import { itemDifference, shown } from '#harness/contracts/pager/item-difference.ts'
import { quoted, visibleJson } from '#harness/contracts/text-difference.ts'
import { answersLine, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { stepReads } from '#harness/contracts/pager/step-reads.ts'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import { counted, figure } from '#harness/contracts/counted.ts'

const noRead = 'no step reads a collection of the run with a valid limit: no item to compare'

/**
 * recovery/items-as-derived: every item a page holds is an item of its collection exactly as docs/fixtures.md derives
 * it from the records of the last setup — same keys, same values (key order aside). Its evidence is the items of the
 * pages the kit received, each found among the derived items. Whether every item comes back once and in order is
 * recovery/cursor-exactly-once's to judge.
 */
export const itemsAsDerived = defineContract<PagerHistory>({
  id: 'recovery/items-as-derived',
  statement: 'Every item a page holds is an item of its collection exactly as derived from the records of the last setup (same keys and values, key order aside).',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => readsACollection(scenario) || noRead,
  check(history) {
    pre(readsACollection(history), noRead)
    const oracles = indexedOracles(history)
    const reads = pagerReads(history)
    const found = new Map<string, Set<number>>()
    let pages = 0
    for (const read of reads) {
      const o = read.outcome
      const oracle = oracles.get(read.request.collection)
      if ((o.kind !== 'page' && o.kind !== 'rejected') || !oracle || o.page.items.length === 0) continue
      pages++
      for (const [k, item] of o.page.items.entries()) {
        const i = oracle.indexOf(item)
        if (i === undefined) return notDerived(read, oracle, item, k)
        if (!found.has(oracle.collection)) found.set(oracle.collection, new Set())
        found.get(oracle.collection)!.add(i)
      }
    }
    if (pages === 0) return unknown(`no read returned a page of items to compare with the derived collection (${answersLine(reads)})`)
    const seen = [...found].map(([collection, items]) => ({ collection, items: items.size, of: oracles.get(collection)!.items.length }))
    const line = seen.map((s) => `${s.collection} ${figure(s.items)} of ${figure(s.of)}`).join(', ')
    return held(`${counted(pages, 'page')} of items, every item one of the derived collection's, exactly: ${line}`, { pages, collections: seen })
  },
})

/** Broken: an item that is not one of the collection's, shown beside the item it should have been (same id, or same position). */
function notDerived(read: PagerRead, oracle: IndexedOracle, item: unknown, k: number) {
  const id = typeof item === 'object' && item !== null && 'id' in item ? (item as { id: unknown }).id : undefined
  const byId = typeof id === 'string' ? oracle.ids.indexOf(id) : -1
  const at = byId >= 0 ? byId : read.start !== undefined && read.start + k < oracle.items.length ? read.start + k : undefined
  const where = `the page read at event ${read.invoke.index} (${requestLine(read)})`
  const label = id === undefined ? `its item ${k + 1}` : `item ${typeof id === 'string' ? quoted(id) : visibleJson(id, 80)}`
  if (at === undefined) {
    return broken(`${where} holds ${label}, which is no item of ${oracle.collection} as derived from the run`, { ...describeRead(read), position: k, item: shown(item) })
  }
  const difference = itemDifference(item, oracle.items[at])!
  const as = byId >= 0 ? 'the derived item with its id' : `the derived item at its position (${oracle.ids[at]})`
  const inText = difference.text ? `, first different at line ${difference.text.line} (byte ${difference.text.byte}, column ${difference.text.column})` : ''
  return broken(`${where} holds ${label}, which differs from ${as} at ${difference.path}${inText}: ${difference.got} instead of ${difference.want}`, {
    ...describeRead(read),
    position: k,
    expected: oracle.ids[at],
    difference,
  })
}

/** Whether the scenario reads (or walks) a collection of the run with a valid limit. */
function readsACollection(scenario: { steps: readonly unknown[] }): boolean {
  return stepReads(scenario.steps).some((s) => s.validLimit && (collectionNames as readonly string[]).includes(s.collection))
}

/** Checks recovery/items-as-derived on a History (returns the result). */
export const checkItemsAsDerived = itemsAsDerived.check
