import type { SessionClientHistory } from '#harness/history/history.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, unknownInTime } from '#harness/contracts/contract.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import { describeReads, describeReply, readsOf } from '#harness/contracts/session/session-run.ts'
import { noOutputReason } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import { keptCut } from '#harness/contracts/session/kept-cut.ts'

/** Whether the scenario serves the settling reply cut from a server without GetSessionMessage, or why not. */
function exercised(plan: ReadPlan): true | string {
  if (!plan.olderServer) return `the server has GetSessionMessage (its first read answers ${plan.firstAnswer}): it is not an older server`
  if (!plan.replyCut) return 'the view does not cut the reply: there is no marker to keep'
  if (!plan.shown) return 'the settling reply is not the cut one: the output shows no cut reply'
  return noOutputReason(plan) ?? true
}

/** recovery/older-server-keeps-marker: against a server without GetSessionMessage the client keeps the cut text and its marker, says so, and exits 0. */
export const olderServerKeepsMarker = defineContract<SessionClientHistory>({
  id: 'recovery/older-server-keeps-marker',
  statement: 'Against an older server without GetSessionMessage the client keeps the cut reply with its marker, says the reply is cut, and still exits 0.',
  from: ['DEP-8516'],
  port: 'session-client',
  ...byReadPlan(exercised, (run, _plan, result) => {
    const kept = keptCut(run, result)
    if (!('printed' in kept)) {
      const early = deadlineCameEarly(run, result)
      if (early) return unknownInTime(`against an older server the client ${kept.problems.join(', ')}, but ${early}`)
      return broken(`against an older server the client ${kept.problems.join(', ')}`, describeReply(run))
    }
    const reads = readsOf(run, run.oracle.replyId)
    const tried = reads.length > 0 ? `after ${describeReads(reads)}` : 'without a GetSessionMessage read'
    return held(`${kept.printed}, exit 0, ${tried}`, {
      exitCode: 0,
      printedBytes: kept.bytes,
      marker: kept.marker,
      saysCut: true,
      reads: reads.length,
      answers: reads.map((x) => x.answer),
    })
  }),
})

/** Checks recovery/older-server-keeps-marker (returns the result). */
export const checkOlderServerKeepsMarker = olderServerKeepsMarker.check
/** Asserts recovery/older-server-keeps-marker (throws unless held). */
export const assertOlderServerKeepsMarker = olderServerKeepsMarker.assert
