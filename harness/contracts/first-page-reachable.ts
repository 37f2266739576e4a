import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, unknown } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import type { ReadOutcome } from '#harness/contracts/pager/pager-reads.ts'

/** recovery/first-page-reachable: a read from the start returns a non-empty page the caller's dispatcher accepts, and a cursor when more remains. */
export const firstPageReachable = defineContract<PagerHistory>({
  id: 'recovery/first-page-reachable',
  statement: 'A read from the start of a collection returns a non-empty page that the dispatcher accepts, with a cursor when items remain, however large the run.',
  from: ['analysis-result-budget'],
  port: 'pager',
  check(history) {
    const oracles = indexedOracles(history)
    for (const read of pagerReads(history)) {
      if (read.request.cursor != null) continue
      const oracle = oracles.get(read.request.collection)
      if (!oracle) continue
      const o = read.outcome
      if (o.kind === 'adapter-failure' || o.kind === 'unanswered') return unknown(`the first read at event ${read.invoke.index} got no answer: ${'message' in o ? o.message : 'none'}`)
      if (o.kind === 'error' && o.code === 'invalid_limit') continue
      const fit = oracle.items.length > 0 ? itemFits(history, oracle.collection)[0] : undefined
      if (fit === 'oversized' && o.kind === 'error' && o.code === 'result_limit_exceeded') continue
      if (fit === 'uncertain' && o.kind === 'error' && o.code === 'result_limit_exceeded') {
        return unknown(`cannot tell whether the first item of ${oracle.collection} fits alone: the History shows no page of it`)
      }
      const why = unreachable(o, oracle.items.length)
      if (why) return broken(`page 1 is unreachable: the first read at event ${read.invoke.index} (${requestLine(read)}) ${why}`, { ...describeRead(read), outcome: summary(o) })
    }
    return held
  },
})

function unreachable(o: ReadOutcome, total: number): string | undefined {
  if (o.kind === 'rejected') return `was rejected by the dispatcher (provider_result_limit: ${o.measure} ${o.value} > ${o.max})`
  if (o.kind === 'error') return `failed with ${o.code}`
  if (o.kind !== 'page') return 'got no page'
  if (o.page.items.length === 0 && total > 0) return 'returned an empty page'
  if (o.page.items.length < total && o.page.cursor === null) return `returned ${o.page.items.length} of ${total} items and no cursor`
  return undefined
}

function summary(o: ReadOutcome): Record<string, unknown> {
  if (o.kind === 'rejected') return { kind: 'provider_result_limit', measure: o.measure, value: o.value, max: o.max }
  if (o.kind === 'error') return { kind: 'error', code: o.code, message: o.message }
  if (o.kind === 'page') return { kind: 'page', items: o.page.items.length, cursor: o.page.cursor }
  return { kind: o.kind }
}

/** Checks recovery/first-page-reachable on a History (returns the result). */
export const checkFirstPageReachable = firstPageReachable.check
/** Asserts recovery/first-page-reachable on a History (throws unless held). */
export const assertFirstPageReachable = firstPageReachable.assert
