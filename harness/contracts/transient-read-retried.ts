import type { SessionClientHistory } from '#harness/history/history.ts'
import { applies, broken, defineContract, held } from '#harness/contracts/contract.ts'
import { clientResult, count, describeReads, describeReply, readsOf, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readBudget, readPlan, scenarioReadPlan, triesPerRound } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'

/** Whether the first read of the cut reply fails transiently with time left to try again, or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (!plan.replyCut) return 'the view does not cut the reply: there is no whole-message read to fail'
  if (!plan.transientFirst) return `the first read answers ${plan.firstAnswer}, not a transient failure`
  if (plan.firstAnswer === 'hang' && given.tryTimeoutMs >= given.timeoutMs) return 'the first try hangs for the whole deadline: there is no time to try again'
  return true
}

/**
 * recovery/transient-read-retried: a whole-message read that fails transiently is tried again (on later frames and
 * before the wait ends) until it succeeds, within bounded tries. (When the server wrote a frame is known, when the
 * client read it is not: whether a read came after its message left the client's view cannot be judged from outside.)
 */
export const transientReadRetried = defineContract<SessionClientHistory>({
  id: 'recovery/transient-read-retried',
  statement: `A transient failure of a whole-message read is retried on later frames and before the wait ends, until the reply is read whole; the tries are bounded (at most ${readBudget} for a message).`,
  from: ['DEP-8516'],
  port: 'session-client',
  exercisedBy: (scenario) => exercised(scenarioReadPlan(scenario), scenario.given as SessionGiven),
  check(history) {
    const run = sessionRun(history)
    const perMessage = new Map<string, number>()
    for (const e of run.events) if (e.type === 'read' && e.messageId) perMessage.set(e.messageId, (perMessage.get(e.messageId) ?? 0) + 1)
    for (const [id, made] of perMessage) {
      if (made > readBudget) return broken(`the client read message ${id} ${made} times, over the bound of ${readBudget}`, { message: id, reads: made, bound: readBudget })
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
      const made = reads.length === 0 ? `never read message ${id}, which the view cut` : `gave up on message ${id} after ${describeReads(reads)}`
      return broken(`the client ${made}; a later try would have read it whole`, { ...describeReply(run), ...figures })
    }
    // the output cannot show it whole (every try fails, hangs into the deadline, or the reply is not printed): what can be seen is that it was tried again, within the bound
    if (reads.length >= 2) {
      const end = answers.includes('ok') ? 'read whole at last' : 'no try could read it whole'
      return held(`${id} tried again after it failed: ${describeReads(reads)}, within the bound of ${readBudget}; ${end}`, figures)
    }
    const made = reads.length === 0 ? `never read message ${id}, which the view cut` : `read message ${id} once (${answers[0]}) and never tried again`
    return broken(`the client ${made}; a correct client tries a failed read up to ${triesPerRound} times a round`, { ...describeReply(run), ...figures })
  },
})

/** Checks recovery/transient-read-retried (returns the result). */
export const checkTransientReadRetried = transientReadRetried.check
/** Asserts recovery/transient-read-retried (throws unless held). */
export const assertTransientReadRetried = transientReadRetried.assert
