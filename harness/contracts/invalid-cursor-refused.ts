import type { PagerHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { indexedOracles, pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import type { PagerRead } from '#harness/contracts/pager/pager-reads.ts'
import { describePage, describeRead, requestLine } from '#harness/contracts/pager/describe-page.ts'
import { isValidLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted, shownWord } from '#harness/contracts/text-difference.ts'

const noCursorGiven = 'no read step gives a cursor of its own (with a valid limit)'

/**
 * recovery/invalid-cursor-refused: a read whose cursor the implementation never handed out in this run (a scenario's own
 * garbage, empty or out-of-range cursor) is answered with invalid_cursor — never with a page, and above all never with a
 * page from the beginning. Its evidence is each such cursor refused; a cursor the implementation did hand out is its own.
 */
export const invalidCursorRefused = defineContract<PagerHistory>({
  id: 'recovery/invalid-cursor-refused',
  statement: 'A read whose cursor the implementation never handed out for this run is answered with invalid_cursor, never with a page (least of all one from the beginning).',
  from: ['analysis-result-budget'],
  port: 'pager',
  exercisedBy: (scenario) => stepReads(scenario.steps).some((s) => s.kind === 'read' && !s.fromStart && s.validLimit) || noCursorGiven,
  check(history) {
    pre(stepReads(history.steps).some((s) => s.kind === 'read' && !s.fromStart && s.validLimit), noCursorGiven)
    const reads = pagerReads(history)
    const handedOut = new Set(reads.flatMap(cursorsHandedOut))
    const refused: string[] = []
    const own: string[] = []
    for (const read of reads) {
      const cursor = read.request.cursor
      if (read.stepKind !== 'read' || typeof cursor !== 'string' || !isValidLimit(read.request.limit)) continue
      if (handedOut.has(cursor)) {
        own.push(cursor)
        continue
      }
      const o = read.outcome
      const where = `the read at event ${read.invoke.index} (${requestLine(read)})`
      if (o.kind === 'adapter-failure' || o.kind === 'unanswered') return unknown(`${where} got no answer`)
      if (o.kind === 'error' && o.code === 'invalid_cursor') {
        refused.push(cursor)
        continue
      }
      if (o.kind === 'error') return broken(`${where} gave a cursor this run never handed out and got ${shownWord(o.code)}, not invalid_cursor`, { ...describeRead(read), answer: o.code })
      const oracle = indexedOracles(history).get(read.request.collection)
      const first = o.page.items.length > 0 ? oracle?.indexOf(o.page.items[0]) : undefined
      const how = first === 0 ? ': the read restarted from the beginning' : o.page.items.length === 0 ? ' (an empty one)' : ''
      return broken(`${where} gave a cursor this run never handed out and got a page${how}, not invalid_cursor`, { ...describeRead(read), answer: 'page', page: describePage(o.page, oracle) })
    }
    pre(refused.length > 0 || own.length === 0, `the implementation hands out the very cursors the scenario gives (${own.map((c) => quoted(c)).join(', ')}): they are its own`)
    if (refused.length === 0) return unknown('no read gave a cursor of its own')
    return held(`${counted(refused.length, 'cursor')} never handed out (${refused.map((c) => quoted(c)).join(', ')}) answered invalid_cursor`, { refused })
  },
})

/** The cursors a read shows the implementation handing out: a page's cursor, or the one past a refused item. */
function cursorsHandedOut(read: PagerRead): string[] {
  const o = read.outcome
  const cursor = o.kind === 'page' || o.kind === 'rejected' ? o.page.cursor : o.kind === 'error' ? o.data?.cursor : undefined
  return typeof cursor === 'string' ? [cursor] : []
}

/** Checks recovery/invalid-cursor-refused on a History (returns the result). */
export const checkInvalidCursorRefused = invalidCursorRefused.check
