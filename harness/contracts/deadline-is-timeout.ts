import type { SessionClientHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { describeReply, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan } from '#harness/contracts/session/read-plan.ts'

/** The exit code of a client whose deadline passed. */
const timeoutExit = 2

/** recovery/deadline-is-timeout: a whole-message read still open at the deadline ends the client with exit 2, never 0 with a cut reply. */
export const deadlineIsTimeout = defineContract<SessionClientHistory>({
  id: 'recovery/deadline-is-timeout',
  statement: 'Whole-message reads count against the deadline: a read still open at --timeout exits 2 (timeout), never 0 with a cut reply.',
  from: ['DEP-8516'],
  port: 'session-client',
  check(history) {
    const run = sessionRun(history)
    if (!readPlan(run).openAtDeadline) return held
    if (run.result?.exitCode === timeoutExit) return held
    return broken(`a read was open at the ${run.given.timeoutMs} ms deadline, and the client exited ${run.result?.exitCode}${run.reply?.cut ? ' with the cut reply' : ''}, not ${timeoutExit}`, describeReply(run))
  },
})

/** Checks recovery/deadline-is-timeout (returns the result). */
export const checkDeadlineIsTimeout = deadlineIsTimeout.check
/** Asserts recovery/deadline-is-timeout (throws unless held). */
export const assertDeadlineIsTimeout = deadlineIsTimeout.assert
