import type { SessionClientHistory } from '#harness/history/history.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, unknownInTime } from '#harness/contracts/contract.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import { count } from '#harness/contracts/session/session-run.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import { firstWaitMs, isEarly, maxWaitMs, reconnectsOf, waitedAtMostMs, waitSlackMs, watchCalls } from '#harness/contracts/session/reconnect-gaps.ts'
import type { Reconnect } from '#harness/contracts/session/reconnect-gaps.ts'

/** Whether a fault ends the first watch under the client before the settling frame, so that a reconnect is due, or why not. */
function exercised(plan: ReadPlan): true | string {
  if (!plan.sessionKnown) return 'the session is unknown to the server: no watch is ended under the client'
  if (!plan.watchCut) return 'no fault ends the first watch before its settling frame: no reconnect is due'
  if (plan.watchCut.refused) return 'the first watch is refused before anything is processed: its replay is no reconnect, and no wait is due'
  return true
}

/** A reconnect's wait; the range only when the measured wait alone was short of the wait due. */
const shown = (r: Reconnect) => (r.waitedMs < r.dueMs - waitSlackMs ? `${count(r.waitedMs)}–${count(waitedAtMostMs(r))} ms (${count(r.dueMs)} due; the server noticed the close up to ${count(r.lateByMs)} ms late)` : `${count(r.waitedMs)} ms (${count(r.dueMs)} due)`)

/**
 * recovery/reconnect-backs-off: a watch the server ends under the client is reopened only after a wait — at least 50 ms
 * after the call ended, doubled for each call in a row that brought no frame, up to 1 s — so a server that keeps
 * ending the watch is never hammered (a client reconnecting at once makes thousands of calls before its deadline).
 */
export const reconnectBacksOff = defineContract<SessionClientHistory>({
  id: 'recovery/reconnect-backs-off',
  statement: `A watch the server ends under the client is reopened only after a wait: at least ${firstWaitMs} ms after the call ended, doubled for each watch call in a row that brought no frame, up to ${count(maxWaitMs)} ms (a replay of a refused call excepted).`,
  from: ['DEP-8516'],
  port: 'session-client',
  timing: true,
  ...byReadPlan(exercised, (run, plan, result) => {
    const calls = watchCalls(run)
    const { reconnects, replays } = reconnectsOf(calls)
    const early = reconnects.find(isEarly)
    const figures = { watchCalls: calls.length, reconnects: reconnects.map((r) => ({ watch: r.watch, waitedMs: r.waitedMs, ...(r.lateByMs > 0 ? { lateByMs: r.lateByMs } : {}), dueMs: r.dueMs, fruitless: r.fruitless })), replays }
    if (early) {
      const why = early.fruitless > 0 ? `after ${early.fruitless} watch call${early.fruitless === 1 ? '' : 's'} in a row that brought no frame` : 'after a watch call that brought frames'
      const late = early.lateByMs > 0 ? ` (at most ${count(waitedAtMostMs(early))} ms: the server noticed the client's close up to ${count(early.lateByMs)} ms late)` : ''
      return broken(`the client reopened the watch (call ${early.watch}) ${count(early.waitedMs)} ms after the call before it ended (${early.after})${late}; ${count(early.dueMs)} ms are due ${why}`, {
        watch: early.watch,
        waitedMs: early.waitedMs,
        ...(early.lateByMs > 0 ? { lateByMs: early.lateByMs } : {}),
        dueMs: early.dueMs,
        fruitless: early.fruitless,
        after: early.after,
        watchCalls: calls.length,
      })
    }
    if (reconnects.length === 0) {
      const first = calls[0]
      const ended = first ? `ended watch 1 (${first.endedBy ?? 'open'}) after ${first.frames} frame${first.frames === 1 ? '' : 's'}` : `planned a ${plan.watchCut!.kind} to end watch 1, but the client never watched`
      const early = deadlineCameEarly(run, result)
      if (early) return unknownInTime(`the server ${ended}, and the client never reopened the watch, but it exited 2 and ${early}`)
      return broken(`the server ${ended}, before the turn settled, and the client never reopened the watch`, { watchCalls: calls.length, replays })
    }
    const replayed = replays > 0 ? `; ${replays} refused call${replays === 1 ? '' : 's'} replayed (no wait due)` : ''
    return held(`${reconnects.length} reconnect${reconnects.length === 1 ? '' : 's'}, each after the wait due: ${reconnects.map(shown).join(', ')}${replayed}`, figures)
  }),
})

/** Checks recovery/reconnect-backs-off (returns the result). */
export const checkReconnectBacksOff = reconnectBacksOff.check
/** Asserts recovery/reconnect-backs-off (throws unless held). */
export const assertReconnectBacksOff = reconnectBacksOff.assert
