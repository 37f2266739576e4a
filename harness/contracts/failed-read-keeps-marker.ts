import type { SessionClientHistory } from '#harness/history/history.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, unknown, unknownInTime } from '#harness/contracts/contract.ts'
import { count, describeReads, describeReply, readsOf } from '#harness/contracts/session/session-run.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import { rereadsAfter } from '#harness/contracts/session/rereads-after.ts'
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
  timing: true,
  ...byReadPlan(exercised, (run, _plan, result) => {
    const id = run.oracle.replyId
    const reads = readsOf(run, id)
    const answers = reads.map((r) => r.answer)
    const figures = { message: id, reads: reads.length, answers }
    const { proven, unproven } = rereadsAfter(run, id, permanentAnswers)
    if (proven) {
      const { answered: permanent, next, afterMs } = proven
      return broken(
        `the client read ${id} again after it answered ${permanent.answer}, a permanent failure: its read ${next.read} came ${afterMs} ms after the earliest it may have begun read ${permanent.read}'s try, before that try's ${count(run.given.tryTimeoutMs)} ms limit could have run out; ${describeReads(reads)}`,
        { ...figures, permanent: permanent.answer, permanentRead: permanent.read, nextRead: next.read, afterMs, tryTimeoutMs: run.given.tryTimeoutMs, readsAfter: reads.filter((r) => r.read > permanent.read).length },
      )
    }
    const first = unproven[0]
    const wholeAfter = first && run.reply?.whole ? reads.find((r) => r.read > first.answered.read && r.answer === 'ok') : undefined
    if (first && wholeAfter) {
      return (first.inTime ? unknownInTime : unknown)(`read ${first.next.read} after read ${first.answered.read}'s ${first.answered.answer} proves nothing (${first.why}), and read ${wholeAfter.read} answered ok: whether the client read ${id} whole after a permanent failure or after a try it gave up on cannot be told from this run`)
    }
    if (reads.length === 0) return broken(`the client never read ${id}, which the view cut: the cut text is kept only once its reads failed`, { ...describeReply(run), ...figures })
    const kept = keptCut(run, result)
    if (!('printed' in kept)) {
      const early = deadlineCameEarly(run, result)
      if (early) return unknownInTime(`the client exited 2 at its deadline, but ${early}: whether it would have kept the cut reply cannot be told from this run`)
      return broken(`no try could read ${id} whole (${describeReads(reads)}) and the client ${kept.problems.join(', ')}, instead of keeping the cut reply with its marker and exit 0`, { ...describeReply(run), ...figures })
    }
    const last = reads.at(-1)!
    const permanent = permanentAnswers.has(last.answer as ReadAnswer) ? last : undefined
    const why = permanent ? `${id} failed permanently (${permanent.answer}) and was not read again` : `every read of ${id} failed`
    const unseen = unproven.map((u) => `read ${u.next.read} after read ${u.answered.read}'s ${u.answered.answer} proves nothing: ${u.why}`)
    return held(`${why}: ${describeReads(reads)}${unseen.length ? ` (${unseen.join('; ')})` : ''}; ${kept.printed}, exit 0`, {
      ...figures,
      ...(unproven.length ? { unproven: unproven.map((u) => ({ permanentRead: u.answered.read, nextRead: u.next.read, afterMs: u.afterMs })) } : {}),
      exitCode: 0,
      printedBytes: kept.bytes,
      marker: kept.marker,
      saysCut: true,
    })
  }),
})

/** Checks recovery/failed-read-keeps-marker (returns the result). */
export const checkFailedReadKeepsMarker = failedReadKeepsMarker.check
/** Asserts recovery/failed-read-keeps-marker (throws unless held). */
export const assertFailedReadKeepsMarker = failedReadKeepsMarker.assert
