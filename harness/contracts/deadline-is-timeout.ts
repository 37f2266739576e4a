import type { SessionClientHistory } from '#harness/history/history.ts'
import { applies, broken, defineContract, held } from '#harness/contracts/contract.ts'
import { clientResult, count, describeReads, describeReply, readsOf, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan, scenarioReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'

/** The exit code of a client whose deadline passed. */
const timeoutExit = 2

/** Whether every read a correct client makes of the cut reply is still open at its deadline, or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (plan.openAtDeadline) return true
  if (!plan.replyCut) return 'the view does not cut the reply: no read is left open at the deadline'
  if (plan.leadingHangs === 0) return `the first read answers ${plan.firstAnswer}: no read is open at the ${count(given.timeoutMs)} ms deadline`
  return `${plan.leadingHangs} hung tr${plan.leadingHangs === 1 ? 'y' : 'ies'} of ${count(given.tryTimeoutMs)} ms end${plan.leadingHangs === 1 ? 's' : ''} before the ${count(given.timeoutMs)} ms deadline: no read is open at it`
}

/** recovery/deadline-is-timeout: a whole-message read still open at the deadline ends the client with exit 2, never 0 with a cut reply. */
export const deadlineIsTimeout = defineContract<SessionClientHistory>({
  id: 'recovery/deadline-is-timeout',
  statement: 'Whole-message reads count against the deadline: a read still open at --timeout exits 2 (timeout), never 0 with a cut reply.',
  from: ['DEP-8516'],
  port: 'session-client',
  exercisedBy: (scenario) => exercised(scenarioReadPlan(scenario), scenario.given as SessionGiven),
  check(history) {
    const run = sessionRun(history)
    applies(exercised(readPlan(run.given, run.oracle), run.given))
    const result = clientResult(run)
    const reads = readsOf(run, run.oracle.replyId)
    const hung = reads.filter((r) => r.answer === 'hang')
    const deadline = `${count(run.given.timeoutMs)} ms`
    if (result.exitCode === timeoutExit && hung.length > 0) {
      return held(`exit ${timeoutExit} (timeout) at the ${deadline} deadline, with a read of ${run.oracle.replyId} open: ${describeReads(reads)}`, {
        exitCode: timeoutExit,
        timeoutMs: run.given.timeoutMs,
        reads: reads.length,
        hung: hung.length,
      })
    }
    if (result.exitCode === timeoutExit) {
      return broken(`the client exited ${timeoutExit} without a hung read of ${run.oracle.replyId}: no read of it was open at the ${deadline} deadline`, { ...describeReply(run), reads: reads.length })
    }
    return broken(`every read of ${run.oracle.replyId} hangs past the ${deadline} deadline, and the client exited ${result.exitCode}${run.reply?.cut ? ' with the cut reply' : ''}, not ${timeoutExit}`, describeReply(run))
  },
})

/** Checks recovery/deadline-is-timeout (returns the result). */
export const checkDeadlineIsTimeout = deadlineIsTimeout.check
/** Asserts recovery/deadline-is-timeout (throws unless held). */
export const assertDeadlineIsTimeout = deadlineIsTimeout.assert
