import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'

/**
 * size/oversized-item-fails-cleanly: an item that cannot fit a page alone is answered with result_limit_exceeded and a
 * cursor past it — never returned, never an empty page or a cursor that does not move — and no item that fits is refused.
 */
export const oversizedItemFailsCleanly = defineContract<PagerHistory>({
  id: 'size/oversized-item-fails-cleanly',
  statement: 'An item too large for any page alone yields result_limit_exceeded with a cursor past it (no stalled cursor), and only such an item does.',
  from: ['analysis-result-budget'],
  port: 'pager',
  check(history) {
    const oracles = indexedOracles(history)
    let undecided: ContractResult | undefined
    for (const read of pagerReads(history)) {
      const oracle = oracles.get(read.request.collection)
      if (!oracle) continue
      const fits = itemFits(history, oracle.collection)
      const o = read.outcome
      const at = read.start
      const where = `the read at event ${read.invoke.index} (${requestLine(read)})`
      if (o.kind === 'page' || o.kind === 'rejected') {
        const inside = o.page.items.map((item) => oracle.indexOf(item)).find((i) => i !== undefined && fits[i] === 'oversized')
        if (inside !== undefined) {
          return broken(`${where} returned item ${oracle.ids[inside]}, which cannot fit a page alone`, { ...describeRead(read), item: oracle.ids[inside] })
        }
        const stalled = o.page.items.length === 0 && at !== undefined && at < oracle.items.length && o.page.cursor === (read.request.cursor ?? null)
        if (stalled) {
          return broken(`${where} answered item ${oracle.ids[at]} with an empty page and the same cursor: a stalled cursor`, {
            ...describeRead(read),
            item: oracle.ids[at],
            fit: fits[at],
            cursor: o.page.cursor,
          })
        }
        continue
      }
      if (o.kind !== 'error' || o.code !== 'result_limit_exceeded') continue
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
    }
    return undecided ?? held
  },
})

/** Checks size/oversized-item-fails-cleanly on a History (returns the result). */
export const checkOversizedItemFailsCleanly = oversizedItemFailsCleanly.check
/** Asserts size/oversized-item-fails-cleanly on a History (throws unless held). */
export const assertOversizedItemFailsCleanly = oversizedItemFailsCleanly.assert
