import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { itemFits } from '#harness/contracts/pager/item-fit.ts'
import { answersLine, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import type { ReadOutcome } from '#harness/contracts/pager/pager-reads.ts'
import { isValidLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted, figure } from '#harness/contracts/counted.ts'
import { shownWord } from '#harness/contracts/text-difference.ts'

const noReadFromStart = 'no read from the start with a valid limit, and no walk'

/**
 * recovery/first-page-reachable: a read from the start returns a non-empty page the caller's dispatcher accepts, and a
 * cursor when more remains. Its evidence is each such page: the items it held of the collection's total.
 */
export const firstPageReachable = defineContract<PagerHistory>({
  id: 'recovery/first-page-reachable',
  statement: 'A read from the start of a collection returns a non-empty page that the dispatcher accepts, with a cursor when items remain, however large the run.',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => stepReads(scenario.steps).some((s) => s.fromStart && s.validLimit) || noReadFromStart,
  check(history) {
    pre(stepReads(history.steps).some((s) => s.fromStart && s.validLimit), noReadFromStart)
    const oracles = indexedOracles(history)
    const firstReads = pagerReads(history).filter((r) => r.request.cursor == null && isValidLimit(r.request.limit))
    const pages: Array<{ collection: string; items: number; total: number; cursor: boolean }> = []
    const nothing: string[] = []
    for (const read of firstReads) {
      const oracle = oracles.get(read.request.collection)
      if (!oracle) continue
      const o = read.outcome
      if (o.kind === 'adapter-failure' || o.kind === 'unanswered') return unknown(`the first read at event ${read.invoke.index} got no answer: ${'message' in o ? o.message : 'none'}`)
      const total = oracle.items.length
      const fit = total > 0 ? itemFits(history, oracle.collection)[0] : undefined
      if (fit === 'oversized' && o.kind === 'error' && o.code === 'result_limit_exceeded') {
        nothing.push(`the first item of ${oracle.collection} is too large for a page alone`)
        continue
      }
      if (fit === 'uncertain' && o.kind === 'error' && o.code === 'result_limit_exceeded') {
        return unknown(`cannot tell whether the first item of ${oracle.collection} fits alone: the History shows no page of it`)
      }
      const why = unreachable(o, total)
      if (why) return broken(`page 1 is unreachable: the first read at event ${read.invoke.index} (${requestLine(read)}) ${why}`, { ...describeRead(read), outcome: summary(o) })
      if (total === 0) nothing.push(`${oracle.collection} holds no items`)
      else if (o.kind === 'page') pages.push({ collection: oracle.collection, items: o.page.items.length, total, cursor: o.page.cursor !== null })
    }
    if (pages.length === 0) {
      pre(nothing.length === 0, `no first page to reach: ${[...new Set(nothing)].join('; ')}`)
      return unknown(`no read from the start was answered with a page (${answersLine(firstReads)})`)
    }
    return held(`${counted(pages.length, 'read')} from the start answered with an accepted page of items: ${describePages(pages)}`, { firstPages: pages })
  },
})

/** The first pages by collection: `model-exchanges 13 to 40 of 40 items, capability-calls 12 of 12 items`. */
function describePages(pages: Array<{ collection: string; items: number; total: number }>): string {
  const byCollection = new Map<string, { min: number; max: number; total: number }>()
  for (const p of pages) {
    const seen = byCollection.get(p.collection)
    byCollection.set(p.collection, { min: Math.min(seen?.min ?? p.items, p.items), max: Math.max(seen?.max ?? p.items, p.items), total: p.total })
  }
  return [...byCollection]
    .map(([collection, { min, max, total }]) => `${collection} ${min === max ? figure(min) : `${figure(min)} to ${figure(max)}`} of ${counted(total, 'item')}`)
    .join(', ')
}

function unreachable(o: ReadOutcome, total: number): string | undefined {
  if (o.kind === 'rejected') return `was rejected by the dispatcher (provider_result_limit: ${o.measure} ${o.value} > ${o.max})`
  if (o.kind === 'error') return `failed with ${shownWord(o.code)}`
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
