import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'

/** The largest limit a read accepts, and what a read without one gets. */
const maxLimit = 100

/** size/limit-is-upper-bound: a page never holds more items than the limit asked; a limit outside 1..100 is `invalid_limit`. */
export const limitIsUpperBound = defineContract<PagerHistory>({
  id: 'size/limit-is-upper-bound',
  statement: `A read's limit (an integer from 1 to ${maxLimit}, default ${maxLimit}) is an upper bound on the items of its page, and any other limit is answered with invalid_limit.`,
  from: ['analysis-result-budget'],
  port: 'pager',
  check(history) {
    for (const read of pagerReads(history)) {
      const o = read.outcome
      const limit = read.request.limit ?? maxLimit
      const valid = Number.isInteger(limit) && limit >= 1 && limit <= maxLimit
      if (!valid && o.kind !== 'error' && o.kind !== 'adapter-failure' && o.kind !== 'unanswered') {
        return broken(`the read at event ${read.invoke.index} (${requestLine(read)}) asked for an invalid limit and got a page, not invalid_limit`, {
          ...describeRead(read),
          limit,
          answer: 'page',
        })
      }
      if (!valid && o.kind === 'error' && o.code !== 'invalid_limit') {
        return broken(`the read at event ${read.invoke.index} (${requestLine(read)}) asked for an invalid limit and got ${o.code}, not invalid_limit`, {
          ...describeRead(read),
          limit,
          answer: o.code,
        })
      }
      if (valid && (o.kind === 'page' || o.kind === 'rejected') && o.page.items.length > limit) {
        return broken(`the page read at event ${read.invoke.index} (${requestLine(read)}) holds ${o.page.items.length} items, over its limit ${limit}`, {
          ...describeRead(read),
          limit,
          items: o.page.items.length,
        })
      }
    }
    return held
  },
})

/** Checks size/limit-is-upper-bound on a History (returns the result). */
export const checkLimitIsUpperBound = limitIsUpperBound.check
/** Asserts size/limit-is-upper-bound on a History (throws unless held). */
export const assertLimitIsUpperBound = limitIsUpperBound.assert
