import type { SessionClientHistory } from '#harness/history/history.ts'
import { applies, broken, defineContract, held, unknownInTime } from '#harness/contracts/contract.ts'
import type { ContractBroken } from '#harness/contracts/contract.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerRead } from '#harness/servers/session-server/server-event.ts'
import { clientResult, count, describeReads, describeReply, readsOf, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readBudget, readPlan, scenarioReadPlan, triesPerRound } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { rereadsAfter } from '#harness/contracts/session/rereads-after.ts'
import { deadlineCameEarly, noTimeAfter } from '#harness/contracts/session/no-time-after.ts'
import { hungTryLeftOpen } from '#harness/contracts/session/hung-tries.ts'

const wholeAnswers: ReadonlySet<string> = new Set(['ok'])

/** Whether the first read of the cut reply fails transiently with time left to try again, or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (!plan.sessionKnown) return 'the session is unknown to the server: there is no message to read'
  if (plan.watchFailure) return `watch call ${plan.watchFailure.watch} fails with the permanent error ${plan.watchFailure.code}: the client exits 1 and no read is due`
  if (!plan.replyCut) return 'the view does not cut the reply: there is no whole-message read to fail'
  if (!plan.transientFirst) return `the first read answers ${plan.firstAnswer}, not a transient failure`
  if (plan.firstAnswer === 'hang' && given.tryTimeoutMs >= given.timeoutMs) return 'the first try hangs for the whole deadline: there is no time to try again'
  return true
}

/**
 * The bound on reads, judged in every run: no message read more than 12 times, and none read again after it was read
 * whole while it stayed in the view (a message that leaves the view and comes back may be read again).
 */
function readsOverBound(run: SessionRun): ContractBroken | undefined {
  const perMessage = new Map<string, ServerRead[]>()
  for (const e of run.events) if (e.type === 'read' && e.messageId) perMessage.set(e.messageId, [...(perMessage.get(e.messageId) ?? []), e])
  for (const [id, reads] of perMessage) {
    if (reads.length > readBudget) return broken(`the client read message ${id} ${reads.length} times, over the bound of ${readBudget}`, { message: id, reads: reads.length, bound: readBudget })
    const { proven } = rereadsAfter(run, id, wholeAnswers)
    if (proven && !leavesAndReturns(run.oracle.views, id)) {
      const { answered, next, afterMs } = proven
      return broken(
        `the client read message ${id} again after it was read whole, while it stayed in the view: its read ${next.read} came ${afterMs} ms after the earliest it may have begun read ${answered.read}'s try (ok), before that try's ${count(run.given.tryTimeoutMs)} ms limit could have run out; ${describeReads(reads)}`,
        { message: id, reads: reads.length, answers: reads.map((r) => r.answer), readWholeAt: reads.indexOf(answered) + 1, nextRead: next.read, afterMs, tryTimeoutMs: run.given.tryTimeoutMs },
      )
    }
  }
  return undefined
}

/** Whether a message leaves the view and comes back into it (its whole text may then be read again). */
function leavesAndReturns(views: string[][], id: string): boolean {
  const shown = views.map((v) => v.includes(id))
  const first = shown.indexOf(true)
  const last = shown.lastIndexOf(true)
  return first >= 0 && shown.slice(first, last + 1).includes(false)
}

/**
 * recovery/transient-read-retried: a whole-message read that fails transiently is tried again (on later frames and
 * before the wait ends) until it succeeds, within bounded tries. (When the server wrote a frame is known, when the
 * client read it is not: whether a read came after its message left the client's view cannot be judged from outside.)
 */
export const transientReadRetried = defineContract<SessionClientHistory>({
  id: 'recovery/transient-read-retried',
  statement: `A transient failure of a whole-message read (unavailable, internal, deadline_exceeded, unknown, aborted, canceled, a try outlasting its limit) is retried — 3 tries a round, a round on each later frame and the rounds left before the wait ends — until the reply is read whole; the tries are bounded (at most ${readBudget} for a message, none once it was read whole).`,
  from: ['DEP-8516'],
  port: 'session-client',
  timing: true,
  exercisedBy: (scenario) => exercised(scenarioReadPlan(scenario), scenario.given as SessionGiven),
  check(history) {
    const run = sessionRun(history)
    const overRead = readsOverBound(run)
    if (overRead) return overRead
    const leftOpen = hungTryLeftOpen(run, run.oracle.replyId, run.given.tryTimeoutMs)
    if (leftOpen) {
      const { read, nextRead, nextAtMs, endedAtMs, endedBy } = leftOpen
      const stayed = endedAtMs === undefined ? 'was still open when the run ended' : endedBy === 'client' ? `was closed by the client only ${count(Math.round(endedAtMs - nextAtMs))} ms after the next try came` : 'was still open when the server closed'
      return broken(`the client's try ${read} of ${run.oracle.replyId} had no answer by its ${count(run.given.tryTimeoutMs)} ms limit and was never abandoned: try ${nextRead} came beside it, and try ${read} ${stayed} (a try with no answer by its limit is abandoned — its call cancelled — for the next)`, {
        message: run.oracle.replyId,
        read,
        nextRead,
        ...(endedAtMs === undefined ? {} : { endedAfterNextMs: Math.round((endedAtMs - nextAtMs) * 10) / 10, endedBy }),
        tryTimeoutMs: run.given.tryTimeoutMs,
      })
    }
    const plan = readPlan(run.given, run.oracle)
    applies(exercised(plan, run.given))
    const result = clientResult(run)
    const id = run.oracle.replyId
    const reads = readsOf(run, id)
    const answers = reads.map((x) => x.answer)
    const figures = { message: id, reads: reads.length, answers, bound: readBudget }
    if (plan.wholeReachable) {
      const r = run.reply
      if (result.exitCode === 0 && r?.whole && answers.includes('ok')) {
        const bytes = Buffer.byteLength(run.oracle.replyWhole, 'utf8')
        return held(`${count(bytes)}-byte reply ${id} read whole after ${describeReads(reads)}, within the bound of ${readBudget}, exit 0`, { ...figures, exitCode: 0, replyBytes: bytes })
      }
      if (result.exitCode === 2 && reads.length > 0 && answers.every((a) => a === 'hang')) {
        const late = noTimeAfter(run, reads.at(-1))
        if (late) return unknownInTime(`the client exited 2 after ${describeReads(reads)}, but ${late}: a try cut to the deadline is the last`)
        return broken(`the client's try of ${id} hung until the deadline (exit 2) after ${describeReads(reads)}: a try with no answer within its ${count(run.given.tryTimeoutMs)} ms limit is abandoned for the next`, { ...describeReply(run), ...figures, tryTimeoutMs: run.given.tryTimeoutMs })
      }
      const early = deadlineCameEarly(run, result)
      if (early) return unknownInTime(`the client exited 2 after ${describeReads(reads)}, but ${early}: whether it would have read ${id} whole cannot be told from this run`)
      const made = reads.length === 0 ? `never read message ${id}, which the view cut` : `gave up on message ${id} after ${describeReads(reads)}`
      return broken(`the client ${made}; a later try would have read it whole`, { ...describeReply(run), ...figures })
    }
    // the output cannot show it whole (every try fails, hangs into the deadline, or the reply is not printed): what can be seen is that it was tried again, within the bound
    if (reads.length >= 2) {
      const end = answers.includes('ok') ? 'read whole at last' : 'no try could read it whole'
      return held(`${id} tried again after it failed: ${describeReads(reads)}, within the bound of ${readBudget}; ${end}`, figures)
    }
    const late = reads.length <= 1 ? noTimeAfter(run, reads[0]) : undefined
    if (late) return unknownInTime(`the client ${reads.length === 0 ? `never read ${id}` : `read ${id} once`}, but ${late}: whether it would have tried again cannot be told from this run`)
    const made = reads.length === 0 ? `never read message ${id}, which the view cut` : `read message ${id} once (${answers[0]}) and never tried again`
    return broken(`the client ${made}; a correct client tries a failed read up to ${triesPerRound} times a round`, { ...describeReply(run), ...figures })
  },
})

/** Checks recovery/transient-read-retried (returns the result). */
export const checkTransientReadRetried = transientReadRetried.check
/** Asserts recovery/transient-read-retried (throws unless held). */
export const assertTransientReadRetried = transientReadRetried.assert
