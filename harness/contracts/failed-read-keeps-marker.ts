import type { SessionClientHistory } from '#harness/history/history.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { describeReads, describeReply, readsOf } from '#harness/contracts/session/session-run.ts'
import { noOutputReason, permanentAnswers } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import { keptCut } from '#harness/contracts/session/kept-cut.ts'
import type { ReadAnswer } from '#harness/servers/session-server/session-script.ts'

/** Whether no read a correct client makes can read the shown, cut reply whole (all fail, or one fails permanently), or why not. */
function exercised(plan: ReadPlan): true | string {
  if (!plan.replyCut) return 'the view does not cut the reply: there is no read to fail'
  if (plan.olderServer) return 'the server has no GetSessionMessage: recovery/older-server-keeps-marker judges the cut reply'
  if (!plan.shown) return 'the settling reply is not the cut one: the output shows no cut reply'
  const none = noOutputReason(plan)
  if (none) return none
  if (plan.wholeReachable) return `a read a correct client makes answers ok (read ${plan.firstOk + 1}): the reply is read whole`
  return true
}

/**
 * recovery/failed-read-keeps-marker: when no try can read the reply whole — every round failed transiently, or a try
 * failed permanently (`not_found`) — the client keeps the cut text with its marker, says the reply is cut, exits 0, and
 * never reads the message again after a permanent failure.
 */
export const failedReadKeepsMarker = defineContract<SessionClientHistory>({
  id: 'recovery/failed-read-keeps-marker',
  statement:
    'When no try can read the reply whole (every round failed transiently, or a try failed permanently), the client keeps the cut reply with its marker, says the reply is cut, and exits 0; a message whose read failed permanently is not read again.',
  from: ['DEP-8516'],
  port: 'session-client',
  ...byReadPlan(exercised, (run, _plan, result) => {
    const id = run.oracle.replyId
    const reads = readsOf(run, id)
    const answers = reads.map((r) => r.answer)
    const figures = { message: id, reads: reads.length, answers }
    const permanent = answers.findIndex((a) => permanentAnswers.has(a as ReadAnswer))
    if (permanent >= 0 && permanent < reads.length - 1) {
      return broken(`the client read ${id} again after it answered ${answers[permanent]}, a permanent failure: ${describeReads(reads)}`, { ...figures, permanent: answers[permanent], readsAfter: reads.length - 1 - permanent })
    }
    if (reads.length === 0) return broken(`the client never read ${id}, which the view cut: the cut text is kept only once its reads failed`, { ...describeReply(run), ...figures })
    const kept = keptCut(run, result)
    if (!('printed' in kept)) {
      return broken(`no try could read ${id} whole (${describeReads(reads)}) and the client ${kept.problems.join(', ')}, instead of keeping the cut reply with its marker and exit 0`, { ...describeReply(run), ...figures })
    }
    const why = permanent >= 0 ? `${id} failed permanently (${answers[permanent]}) and was not read again` : `every read of ${id} failed`
    return held(`${why}: ${describeReads(reads)}; ${kept.printed}, exit 0`, { ...figures, exitCode: 0, printedBytes: kept.bytes, marker: kept.marker, saysCut: true })
  }),
})

/** Checks recovery/failed-read-keeps-marker (returns the result). */
export const checkFailedReadKeepsMarker = failedReadKeepsMarker.check
/** Asserts recovery/failed-read-keeps-marker (throws unless held). */
export const assertFailedReadKeepsMarker = failedReadKeepsMarker.assert
