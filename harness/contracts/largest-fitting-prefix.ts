import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { firstBrokenCeiling } from '#harness/measures/first-broken-ceiling.ts'
import { measure } from '#harness/measures/measure.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { describePage, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'

/**
 * size/largest-fitting-prefix: a page is never shorter than it must be — it is non-empty while an item fits, and the
 * page with the next item added (same metadata and cursor) would break a ceiling or the limit.
 */
export const largestFittingPrefix = defineContract<PagerHistory>({
  id: 'size/largest-fitting-prefix',
  statement: 'Each page is the largest non-empty prefix of the remaining items that fits the limit and every ceiling.',
  from: ['analysis-result-budget'],
  port: 'pager',
  check(history) {
    const oracles = indexedOracles(history)
    for (const read of pagerReads(history)) {
      if (read.outcome.kind !== 'page') continue
      const page = read.outcome.page
      const oracle = oracles.get(read.request.collection)
      if (!oracle) continue
      const limit = read.request.limit ?? 100
      if (page.items.length === 0) {
        if (read.start !== undefined && itemFits(history, oracle.collection)[read.start] === 'fits') {
          return broken(`the read at event ${read.invoke.index} (${requestLine(read)}) returned an empty page although item ${oracle.ids[read.start]} fits alone`, {
            ...describeRead(read),
            page: describePage(page, oracle),
            next: oracle.ids[read.start],
          })
        }
        continue
      }
      if (page.items.length >= limit) continue
      const last = oracle.indexOf(page.items[page.items.length - 1])
      if (last === undefined || last + 1 >= oracle.items.length) continue
      const bigger = { ...page, items: [...page.items, oracle.items[last + 1]] }
      if (firstBrokenCeiling(bigger, history.ceilings)) continue
      return broken(
        `the page read at event ${read.invoke.index} (${requestLine(read)}) holds ${page.items.length} items, but the next item ${oracle.ids[last + 1]} fits too`,
        {
          ...describeRead(read),
          page: describePage(page, oracle),
          next: oracle.ids[last + 1],
          withNext: history.ceilings.map((c) => ({ measure: c.measure, value: measure(c.measure, bigger), max: c.max })),
        },
      )
    }
    return held
  },
})

/** Checks size/largest-fitting-prefix on a History (returns the result). */
export const checkLargestFittingPrefix = largestFittingPrefix.check
/** Asserts size/largest-fitting-prefix on a History (throws unless held). */
export const assertLargestFittingPrefix = largestFittingPrefix.assert
