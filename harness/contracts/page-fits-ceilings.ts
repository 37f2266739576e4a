import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { firstBrokenCeiling } from '#harness/measures/first-broken-ceiling.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { describePage, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'

/** size/page-fits-ceilings: every page returned, metadata included, fits every ceiling. */
export const pageFitsCeilings = defineContract<PagerHistory>({
  id: 'size/page-fits-ceilings',
  statement: 'Every page the implementation returns, metadata included, fits every ceiling (encoded JSON bytes and retained size alike).',
  from: ['analysis-result-budget'],
  port: 'pager',
  check(history) {
    const oracles = indexedOracles(history)
    for (const read of pagerReads(history)) {
      const o = read.outcome
      if (o.kind !== 'page' && o.kind !== 'rejected') continue
      const excess = firstBrokenCeiling(o.page, history.ceilings)
      if (!excess) continue
      return broken(
        `the page read at event ${read.invoke.index} (${requestLine(read)}) measures ${excess.measure} ${excess.value}, over its ceiling ${excess.max}`,
        { ...describeRead(read), page: describePage(o.page, oracles.get(read.request.collection)), ...excess },
      )
    }
    return held
  },
})

/** Checks size/page-fits-ceilings on a History (returns the result). */
export const checkPageFitsCeilings = pageFitsCeilings.check
/** Asserts size/page-fits-ceilings on a History (throws unless held). */
export const assertPageFitsCeilings = pageFitsCeilings.assert
