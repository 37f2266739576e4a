import type { SessionClientHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { describeReply, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readBudget, readPlan } from '#harness/contracts/session/read-plan.ts'

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
  check(history) {
    const run = sessionRun(history)
    const reads = run.events.flatMap((e, i) => (e.type === 'read' ? [{ ...e, at: i }] : []))
    const perMessage = new Map<string, number>()
    for (const r of reads) if (r.messageId) perMessage.set(r.messageId, (perMessage.get(r.messageId) ?? 0) + 1)
    for (const [id, count] of perMessage) {
      if (count > readBudget) return broken(`the client read message ${id} ${count} times, over the bound of ${readBudget}`, { message: id, reads: count, bound: readBudget })
    }
    const plan = readPlan(run)
    if (!plan.transientFirst || !plan.wholeReachable) return held
    const r = run.reply
    if (run.result?.exitCode === 0 && r?.whole) return held
    const made = perMessage.get(run.oracle.replyId) ?? 0
    const answers = reads.filter((x) => x.messageId === run.oracle.replyId).map((x) => x.answer)
    return broken(`the client gave up on message ${run.oracle.replyId} after ${made} reads (${answers.join(', ') || 'none'}); a later try would have read it whole`, {
      ...describeReply(run),
      message: run.oracle.replyId,
      reads: made,
      answers,
    })
  },
})

/** Checks recovery/transient-read-retried (returns the result). */
export const checkTransientReadRetried = transientReadRetried.check
/** Asserts recovery/transient-read-retried (throws unless held). */
export const assertTransientReadRetried = transientReadRetried.assert
