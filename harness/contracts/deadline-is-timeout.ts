import type { SessionClientHistory } from '#harness/history/history.ts'
import { heldUpAtDeadline } from '#harness/contracts/session/client-slowness.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, notApplicable, unknownInTime } from '#harness/contracts/contract.ts'
import { hungTriesWithin, readBudget } from '#harness/contracts/session/read-plan.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import { count, describeReads, describeReply, readsOf } from '#harness/contracts/session/session-run.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { noTimeAfter, noTimeToWatch } from '#harness/contracts/session/no-time-after.ts'
import { reconnectPlan } from '#harness/contracts/session/reconnect-plan.ts'
import { describeOpenPastDeadline, openPastDeadline } from '#harness/contracts/session/open-past-deadline.ts'

/** The exit code of a client whose deadline passed. */
const timeoutExit = 2

/** Whether the deadline passes before a correct client's turn settles — a read of the cut reply, or the watch, still open at it — or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (plan.watchFailure) return `watch call ${plan.watchFailure.watch} fails with the permanent error ${plan.watchFailure.code}: the client exits 1 (output/form-exact judges it)`
  if (plan.openAtDeadline || plan.watchOutlastsDeadline || plan.reconnectsOutlastDeadline) return true
  if (!plan.sessionKnown) return 'the session is unknown to the server: the watch fails at once'
  if (!plan.replyCut) return `the view does not cut the reply and no frame is held back past the ${count(given.timeoutMs)} ms deadline: nothing is open at it`
  if (plan.hungTries === 0) return `no try a correct client makes of the cut reply hangs (the first answers ${plan.firstAnswer}): no read is open at the ${count(given.timeoutMs)} ms deadline`
  return `the ${plan.hungTries} hung tr${plan.hungTries === 1 ? 'y' : 'ies'} of ${count(given.tryTimeoutMs)} ms a correct client makes end${plan.hungTries === 1 ? 's' : ''} before the ${count(given.timeoutMs)} ms deadline: no read is open at it`
}

/** What was open at the deadline, as the server saw it: the hung reads of the cut reply, or the watch whose settling frame never came. */
function openAtDeadline(run: SessionRun, plan: ReadPlan): { what: string; figures: Record<string, unknown> } | undefined {
  if (plan.openAtDeadline) {
    const reads = readsOf(run, run.oracle.replyId)
    const hung = reads.filter((r) => r.answer === 'hang')
    if (hung.length === 0) return undefined
    return { what: `a read of ${run.oracle.replyId} open: ${describeReads(reads)}`, figures: { reads: reads.length, hung: hung.length } }
  }
  const settling = run.oracle.cursors.length - 1
  const watched = run.events.some((e) => e.type === 'watch')
  if (plan.reconnectsOutlastDeadline) {
    // the settling frame never written: the client was still reconnecting (in a wait, or a resumed watch) when it ended
    if (!watched || run.events.some((e) => e.type === 'frame' && e.frame === settling)) return undefined
    const { waitsMs, leastMs } = reconnectPlan(run.given)
    const calls = run.events.filter((e) => e.type === 'watch').length
    return { what: `the client still reconnecting: ${calls} watch call${calls === 1 ? '' : 's'} made, and the waits due before the settling frame (${waitsMs.map(count).join(' + ')} ms) reach ${count(leastMs)} ms`, figures: { watchCalls: calls, waitsDueMs: leastMs } }
  }
  const delays = run.events.flatMap((e) => (e.type === 'fault' && e.kind === 'delay' ? [e.ms ?? 0] : []))
  const settled = run.events.some((e) => e.type === 'frame' && e.frame === settling)
  if (!watched || delays.length === 0 || settled) return undefined
  const held = delays.reduce((a, b) => a + b, 0)
  return { what: `the watch open, its settling frame held back ${count(held)} ms`, figures: { delayedMs: held, watchCalls: run.events.filter((e) => e.type === 'watch').length } }
}

/**
 * Why reads that hang past the deadline were not open at it after all, or undefined: reads refused by a GOAWAY (never
 * processed, and each a try that lost its connection) used up tries, and the tries left, all hung, end before it.
 */
function triesRanOut(run: SessionRun, plan: ReadPlan): string | undefined {
  if (!plan.openAtDeadline) return undefined
  const refused = run.events.filter((e) => e.type === 'refused' && e.path === sessionPaths.read).length
  const left = hungTriesWithin(run.given, plan.finalCut, Math.max(0, readBudget - refused))
  if (refused === 0 || left * run.given.tryTimeoutMs >= run.given.timeoutMs) return undefined
  return `${refused} GetSessionMessage call${refused === 1 ? ' was' : 's were'} refused by a GOAWAY, each a try that lost its connection: the ${left} hung tr${left === 1 ? 'y' : 'ies'} left of ${readBudget}, ${count(run.given.tryTimeoutMs)} ms each, end before the ${count(run.given.timeoutMs)} ms deadline, and no read is open at it`
}

/** recovery/deadline-is-timeout: the deadline passing before the turn settles — a whole-message read or the watch still open — ends the client with exit 2, never 0 with a cut reply. */
export const deadlineIsTimeout = defineContract<SessionClientHistory>({
  id: 'recovery/deadline-is-timeout',
  statement: 'Whole-message reads count against the deadline: a read, or the watch, still open at --timeout exits 2 (timeout), never 0 with a cut reply, never 1.',
  from: ['DEP-8516'],
  port: 'session-client',
  timing: true,
  ...byReadPlan(exercised, (run, plan, result) => {
    const open = openAtDeadline(run, plan)
    const deadline = `${count(run.given.timeoutMs)} ms`
    const ranOut = result.exitCode !== timeoutExit ? triesRanOut(run, plan) : undefined
    if (ranOut) return notApplicable(ranOut)
    // a try kept open far past the deadline outlasted it: no correct client does that, even one that exits 2 at last;
    // one closed past the slack but within twice it may be a correct client's late timers on a busy machine (a client
    // that exited otherwise is judged by its exit code below, and not excused by slowness then)
    const pastDeadline = openPastDeadline(run)
    if (pastDeadline && result.exitCode === timeoutExit && pastDeadline.pastMs <= 2 * pastDeadline.slackMs) return unknownInTime(`${describeOpenPastDeadline(pastDeadline, run.given.timeoutMs)}, but by less than twice that slack: a busy machine's late timers cannot be told from a try left open`)
    if (pastDeadline && result.exitCode === timeoutExit) return broken(describeOpenPastDeadline(pastDeadline, run.given.timeoutMs), { ...describeReply(run), read: pastDeadline.read, pastMs: pastDeadline.pastMs, slackMs: pastDeadline.slackMs, endedBy: pastDeadline.endedBy })
    if (result.exitCode === timeoutExit && open) {
      return held(`exit ${timeoutExit} (timeout) at the ${deadline} deadline, with ${open.what}`, { exitCode: timeoutExit, timeoutMs: run.given.timeoutMs, ...open.figures })
    }
    if (result.exitCode === timeoutExit) {
      const last = readsOf(run, run.oracle.replyId).at(-1)
      const late = plan.openAtDeadline ? noTimeAfter(run, last) : undefined
      const what = last ? `with no read of ${run.oracle.replyId} open` : 'having read nothing'
      if (late) return unknownInTime(`the client exited ${timeoutExit} ${what}, but ${late}: whether a read would have been open at it cannot be told from this run`)
      const unwatched = plan.openAtDeadline ? undefined : noTimeToWatch(run)
      if (unwatched) return unknownInTime(`the client exited ${timeoutExit}, but ${unwatched}: whether the watch would have been open at it cannot be told from this run`)
      const missing = plan.openAtDeadline ? `no read of ${run.oracle.replyId} was open` : 'the client was not watching'
      return broken(`the client exited ${timeoutExit}, but ${missing} at the ${deadline} deadline`, { ...describeReply(run), reads: readsOf(run, run.oracle.replyId).length })
    }
    const hung = `${plan.hungTries} tr${plan.hungTries === 1 ? 'y' : 'ies'} of ${count(run.given.tryTimeoutMs)} ms`
    const what = plan.openAtDeadline
      ? `the reads of ${run.oracle.replyId} hang past the ${deadline} deadline (${hung} hang)`
      : plan.reconnectsOutlastDeadline
        ? `the reconnect waits due before the settling frame reach ${count(reconnectPlan(run.given).leastMs)} ms, past the ${deadline} deadline`
        : `the settling frame is held back past the ${deadline} deadline`
    // hung tries that outlast the deadline by their own limits, on a connection no fault cuts short, leave a correct
    // client no way to settle before it, however late its timers fire: an exit other than 2 is no matter of time
    // so do reconnect waits due past the deadline: however late its timers fire, a correct client never exits 1 there,
    // and it exits 0 only once the settling frame came (the server wrote it)
    const settlingWritten = run.events.some((e) => e.type === 'frame' && e.frame === run.oracle.cursors.length - 1)
    const noMatterOfTime = (plan.openAtDeadline && run.given.faults.length === 0) || (plan.reconnectsOutlastDeadline && !settlingWritten)
    const heldUp = noMatterOfTime || (pastDeadline && pastDeadline.pastMs > 2 * pastDeadline.slackMs) ? undefined : heldUpAtDeadline(run, result.exitCode)
    if (heldUp) return unknownInTime(`${what}, and the client exited ${result.exitCode}, but ${heldUp}`)
    return broken(`${what}, and the client exited ${result.exitCode}${run.reply?.cut ? ' with the cut reply' : ''}, not ${timeoutExit}`, describeReply(run))
  }),
})

/** Checks recovery/deadline-is-timeout (returns the result). */
export const checkDeadlineIsTimeout = deadlineIsTimeout.check
/** Asserts recovery/deadline-is-timeout (throws unless held). */
export const assertDeadlineIsTimeout = deadlineIsTimeout.assert
