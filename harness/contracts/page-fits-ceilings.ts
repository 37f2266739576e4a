import type { PagerHistory } from '#harness/history/history.ts'
import type { Page } from '#harness/ports/pager-port.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { measure } from '#harness/measures/measure.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { answersLine, describePage, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted, figure } from '#harness/contracts/counted.ts'

const noPageAsked = 'every step asks for an invalid limit: no page to measure'

/**
 * size/page-fits-ceilings: every page returned, metadata included, fits every ceiling. Its evidence is the pages that
 * hold items, each measured whole; an empty page is checked but proves nothing.
 */
export const pageFitsCeilings = defineContract<PagerHistory>({
  id: 'size/page-fits-ceilings',
  statement: 'Every page the implementation returns, metadata included, fits every ceiling (encoded JSON bytes and retained size alike).',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => stepReads(scenario.steps).some((s) => s.validLimit) || noPageAsked,
  check(history) {
    pre(stepReads(history.steps).some((s) => s.validLimit), noPageAsked)
    const oracles = indexedOracles(history)
    const reads = pagerReads(history)
    const largest = history.ceilings.map(() => 0)
    let measured = 0
    for (const read of reads) {
      const o = read.outcome
      if (o.kind !== 'page' && o.kind !== 'rejected') continue
      const values = measures(o.page, history.ceilings.map((c) => c.measure))
      const over = history.ceilings.findIndex((c, i) => values[i] > c.max)
      if (over >= 0) {
        const excess = { measure: history.ceilings[over].measure, value: values[over], max: history.ceilings[over].max }
        return broken(
          `the page read at event ${read.invoke.index} (${requestLine(read)}) measures ${excess.measure} ${excess.value}, over its ceiling ${excess.max}`,
          { ...describeRead(read), page: describePage(o.page, oracles.get(read.request.collection)), ...excess },
        )
      }
      if (o.page.items.length === 0) continue
      measured++
      values.forEach((v, i) => (largest[i] = Math.max(largest[i], v)))
    }
    if (measured === 0) return unknown(`no read returned a page holding items to measure (${answersLine(reads)})`)
    const fullest = history.ceilings.map((c, i) => ({ measure: c.measure, value: largest[i], max: c.max }))
    const line = fullest.map((f) => `${figure(f.value)} of ${figure(f.max)} ${f.measure}`).join(', ')
    return held(`${counted(measured, 'page')} of items measured, the largest ${line}`, { pages: measured, largest: fullest })
  },
})

/** Each measure over a whole page (one measurement per distinct measure). */
function measures(page: Page, names: readonly MeasureName[]): number[] {
  const cache = new Map<MeasureName, number>()
  return names.map((m) => {
    if (!cache.has(m)) cache.set(m, measure(m, page))
    return cache.get(m)!
  })
}

/** Checks size/page-fits-ceilings on a History (returns the result). */
export const checkPageFitsCeilings = pageFitsCeilings.check
/** Asserts size/page-fits-ceilings on a History (throws unless held). */
export const assertPageFitsCeilings = pageFitsCeilings.assert
