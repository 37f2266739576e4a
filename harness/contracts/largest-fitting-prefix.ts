import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { firstBrokenCeiling } from '#harness/measures/first-broken-ceiling.ts'
import { measure } from '#harness/measures/measure.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { answersLine, describePage, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { maxLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted, figure } from '#harness/contracts/counted.ts'

const noPageAsked = 'every step asks for an invalid limit: no page to judge'

/**
 * size/largest-fitting-prefix: a page is never shorter than it must be — it is non-empty while an item fits, and the
 * page with the next item added (same metadata and cursor; a null cursor when that item is the collection's last, as
 * the last page carries) would break a ceiling or the limit. A page over a ceiling
 * is no fitting prefix at all. Its evidence is the pages of items shown to be the largest: full to their limit, ended
 * where the next item would break a ceiling, or holding the last item.
 */
export const largestFittingPrefix = defineContract<PagerHistory>({
  id: 'size/largest-fitting-prefix',
  statement: 'Each page is the largest non-empty prefix of the remaining items that fits the limit and every ceiling.',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => stepReads(scenario.steps).some((s) => s.validLimit) || noPageAsked,
  check(history) {
    pre(stepReads(history.steps).some((s) => s.validLimit), noPageAsked)
    const oracles = indexedOracles(history)
    const reads = pagerReads(history)
    const shown = { full: 0, ceiling: 0, end: 0 }
    const unjudged = { notDerived: 0, noCollection: 0 } // pages of items the kit cannot place in a collection's order
    for (const read of reads) {
      const o = read.outcome
      if (o.kind !== 'page' && o.kind !== 'rejected') continue
      const page = o.page
      const oracle = oracles.get(read.request.collection)
      if (o.kind === 'rejected') {
        return broken(
          `the page read at event ${read.invoke.index} (${requestLine(read)}) holds ${counted(page.items.length, 'item')} but measures ${o.measure} ${o.value}, over its ceiling ${o.max}: no fitting prefix`,
          { ...describeRead(read), page: describePage(page, oracle), measure: o.measure, value: o.value, max: o.max },
        )
      }
      if (!oracle) {
        if (page.items.length > 0) unjudged.noCollection++
        continue
      }
      const limit = read.request.limit ?? maxLimit
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
      if (page.items.length >= limit) {
        shown.full++
        continue
      }
      const last = oracle.indexOf(page.items[page.items.length - 1])
      if (last === undefined) {
        unjudged.notDerived++
        continue
      }
      if (last + 1 >= oracle.items.length) {
        shown.end++
        continue
      }
      // the page that adds the collection's last item is the last page, whose cursor is null (docs/pager-port.md)
      const bigger = { ...page, items: [...page.items, oracle.items[last + 1]], ...(last + 2 === oracle.items.length ? { cursor: null } : {}) }
      if (firstBrokenCeiling(bigger, history.ceilings)) {
        shown.ceiling++
        continue
      }
      return broken(
        `the page read at event ${read.invoke.index} (${requestLine(read)}) holds ${counted(page.items.length, 'item')}, but the next item ${oracle.ids[last + 1]} fits too`,
        {
          ...describeRead(read),
          page: describePage(page, oracle),
          next: oracle.ids[last + 1],
          withNext: history.ceilings.map((c) => ({ measure: c.measure, value: measure(c.measure, bigger), max: c.max })),
        },
      )
    }
    const pages = shown.full + shown.ceiling + shown.end
    if (pages === 0) {
      // never "no page of items" beside a count of pages of items: say which pages came back and why none was judged
      const why = [
        unjudged.notDerived > 0 && `${figure(unjudged.notDerived)} whose last item is no item of its collection as derived`,
        unjudged.noCollection > 0 && `${figure(unjudged.noCollection)} of a collection that does not exist`,
      ].filter(Boolean)
      if (why.length === 0) return unknown(`no read returned a page of items (${answersLine(reads)})`)
      return unknown(`no page of items could be judged: ${counted(unjudged.notDerived + unjudged.noCollection, 'page')} of items came back, ${why.join(', ')}`)
    }
    const how = [
      shown.full > 0 && `${figure(shown.full)} full to the limit`,
      shown.ceiling > 0 && `${figure(shown.ceiling)} where the next item breaks a ceiling`,
      shown.end > 0 && `${figure(shown.end)} ending the collection`,
    ].filter(Boolean)
    return held(`${counted(pages, 'page')} of items shown largest: ${how.join(', ')}`, { pages, fullToLimit: shown.full, nextBreaksCeiling: shown.ceiling, endsCollection: shown.end })
  },
})

/** Checks size/largest-fitting-prefix on a History (returns the result). */
export const checkLargestFittingPrefix = largestFittingPrefix.check
/** Asserts size/largest-fitting-prefix on a History (throws unless held). */
export const assertLargestFittingPrefix = largestFittingPrefix.assert
