import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, unknown } from '#harness/contracts/contract.ts'
import { pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { answersLine, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { isValidLimit, maxLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted } from '#harness/contracts/counted.ts'
import { shownWord } from '#harness/contracts/text-difference.ts'

/**
 * size/limit-is-upper-bound: a page never holds more items than the limit asked; a limit outside 1..100 is
 * `invalid_limit`. Its evidence is the pages of items counted against their limit and the invalid limits refused.
 */
export const limitIsUpperBound = defineContract<PagerHistory>({
  id: 'size/limit-is-upper-bound',
  statement: `A read's limit (an integer from 1 to ${maxLimit}, default ${maxLimit}) is an upper bound on the items of its page, and any other limit is answered with invalid_limit.`,
  from: ['analysis-result-budget'],
  port: 'pager',
  // every step reads with a limit (its own or the default): a page to count, or an invalid limit to refuse
  exercisedBy: (scenario) => stepReads(scenario.steps).length > 0 || 'no step reads a page',
  check(history) {
    const reads = pagerReads(history)
    let pages = 0
    let filled = 0
    const refused: number[] = []
    for (const read of reads) {
      const o = read.outcome
      const limit = read.request.limit ?? maxLimit
      const valid = isValidLimit(read.request.limit)
      if (!valid && (o.kind === 'page' || o.kind === 'rejected')) {
        return broken(`the read at event ${read.invoke.index} (${requestLine(read)}) asked for an invalid limit and got a page, not invalid_limit`, {
          ...describeRead(read),
          limit,
          answer: 'page',
        })
      }
      if (!valid && o.kind === 'error' && o.code !== 'invalid_limit') {
        return broken(`the read at event ${read.invoke.index} (${requestLine(read)}) asked for an invalid limit and got ${shownWord(o.code)}, not invalid_limit`, {
          ...describeRead(read),
          limit,
          answer: o.code,
        })
      }
      if (!valid && o.kind === 'error') refused.push(limit)
      if (!valid || (o.kind !== 'page' && o.kind !== 'rejected')) continue
      if (o.page.items.length > limit) {
        return broken(`the page read at event ${read.invoke.index} (${requestLine(read)}) holds ${o.page.items.length} items, over its limit ${limit}`, {
          ...describeRead(read),
          limit,
          items: o.page.items.length,
        })
      }
      if (o.page.items.length === 0) continue
      pages++
      if (o.page.items.length === limit) filled++
    }
    if (pages + refused.length === 0) return unknown(`no read returned a page holding items or answered an invalid limit (${answersLine(reads)})`)
    const parts = [
      ...(pages > 0 ? [`${counted(pages, 'page')} of items, none over its limit (${filled.toLocaleString('en-US')} exactly at it)`] : []),
      ...(refused.length > 0 ? [`${counted(refused.length, 'invalid limit')} (${refused.map((l) => JSON.stringify(l)).join(', ')}) answered invalid_limit`] : []),
    ]
    return held(parts.join('; '), { pages, filled, invalidLimitsRefused: refused })
  },
})

/** Checks size/limit-is-upper-bound on a History (returns the result). */
export const checkLimitIsUpperBound = limitIsUpperBound.check
/** Asserts size/limit-is-upper-bound on a History (throws unless held). */
export const assertLimitIsUpperBound = limitIsUpperBound.assert
