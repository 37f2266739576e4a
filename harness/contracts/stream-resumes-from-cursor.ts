import type { SessionClientHistory } from '#harness/history/history.ts'
import { listed } from '#harness/contracts/listed.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, unknown, unknownInTime } from '#harness/contracts/contract.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import { count } from '#harness/contracts/session/session-run.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { watchDeliveries } from '#harness/contracts/session/watch-deliveries.ts'

/** How many cursors a witness lists of each kind before it only counts them. */
const shown = 10

/** Whether a fault ends the first watch under the client before the settling frame, or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (plan.watchFailure) return `watch call ${plan.watchFailure.watch} fails with the permanent error ${plan.watchFailure.code} before the settling frame: the frames after it are never due`
  if (plan.watchCut) return true
  if (given.faults.length === 0) return 'no fault is scripted: no watch is ended under the client'
  if (given.faults.every((f) => f.kind === 'delay')) return 'the only faults are delays: a late frame ends no watch'
  if (given.faults.every((f) => f.kind === 'delay' || f.kind === 'goaway-notice')) return 'the only faults are delays and shutdown notices (GOAWAY 2^31-1): neither ends a watch'
  return 'no fault ends the first watch before its settling frame is written: nothing is left to resume'
}

/**
 * recovery/stream-resumes-from-cursor: a watch the server ends under the client (GOAWAY, reset, cut envelope, dropped
 * connection) is reopened at the last cursor received, so the client gets every frame exactly once, in order; a watch
 * the server refused (nothing processed) is replayed from the same cursor. Which frames count as delivered: see
 * watch-deliveries.ts (a refused call wrote none; frames after a shutdown notice the client never got are in flight).
 */
export const streamResumesFromCursor = defineContract<SessionClientHistory>({
  id: 'recovery/stream-resumes-from-cursor',
  statement: 'A watch the server ends under the client resumes from the last cursor received: every frame reaches the client exactly once and in order, up to the settling frame.',
  from: ['DEP-8516'],
  port: 'session-client',
  ...byReadPlan(exercised, (run, plan, result) => {
    const { cursors } = run.oracle
    const { calls, delivered, inFlight, mismatch } = watchDeliveries(run)
    const counts = new Map<number, number>()
    for (const f of delivered) counts.set(f, (counts.get(f) ?? 0) + 1)
    // where the deadline passes before the turn settles and the client exited 2 at it, the frames after the last one
    // delivered were never due: only a gap before it is a frame lost (a client that ended otherwise lost the rest)
    const reach = plan.expectedExit === 2 && result.exitCode === 2 ? Math.max(-1, ...delivered) + 1 : cursors.length
    const lost = cursors.filter((_, i) => i < reach && !counts.has(i))
    const duplicated = cursors.filter((_, i) => (counts.get(i) ?? 0) > 1)
    const outOfOrder = delivered.findIndex((f, i) => i > 0 && f < delivered[i - 1])
    const problems = [
      lost.length && `${lost.length} frame${lost.length > 1 ? 's' : ''} lost (${listed(lost)})`,
      duplicated.length && `${duplicated.length} duplicated (${listed(duplicated)})`,
      outOfOrder > 0 && `out of order at ${cursors[delivered[outOfOrder]]}`,
    ].filter(Boolean)
    if (problems.length === 0) {
      const resumedAt = calls.slice(1).map((c) => c.cursor)
      if (resumedAt.length === 0) return unknown(`the ${plan.watchCut!.kind} planned to end the first watch did not: every frame came in one watch call`)
      const endedBy = calls.slice(0, -1).map((c) => c.end ?? 'open')
      const resumes = resumedAt.map((cursor, i) => `${cursor ?? 'the start'} (${endedBy[i] === 'refuse' ? 'replayed after refuse' : `after ${endedBy[i]}`})`).join(', ')
      const dropped = inFlight.length ? `; ${count(inFlight.length)} frame${inFlight.length === 1 ? '' : 's'} written after a shutdown notice or a dropped connection never reached the client and came again` : ''
      const deadline = reach < cursors.length ? `; the deadline passed before the other ${count(cursors.length - reach)} were written, and the client exited 2` : ''
      return held(`${count(delivered.length)} frame${delivered.length === 1 ? '' : 's'} over ${count(calls.length)} watch calls, each once and in order; resumed at ${resumes}${dropped}${deadline}`, {
        frames: delivered.length,
        watchCalls: calls.length,
        resumedAt,
        endedBy,
        inFlight: inFlight.length,
      })
    }
    // frames only lost, by a client that exited 2 at a deadline it may not have had the time to beat
    const early = problems.length === 1 && lost.length > 0 ? deadlineCameEarly(run, result) : undefined
    if (early) return unknownInTime(`over ${calls.length} watch call${calls.length === 1 ? '' : 's'} of ${cursors.length} frames: ${problems[0]}, but the client exited 2 and ${early}`)
    return broken(`over ${calls.length} watch call${calls.length === 1 ? '' : 's'} of ${cursors.length} frames: ${problems.join(', ')}`, {
      lost: { count: lost.length, cursors: lost.slice(0, shown) },
      duplicated: { count: duplicated.length, cursors: duplicated.slice(0, shown) },
      ...(mismatch ? { resumedAt: mismatch } : {}),
      calls: calls.map((c) => ({ watch: c.watch, cursor: c.cursor, frames: c.frames.length ? `${cursors[c.frames[0]]}…${cursors[c.frames[c.frames.length - 1]]}` : 'none', end: c.end ?? 'open' })),
    })
  }),
})

/** Checks recovery/stream-resumes-from-cursor (returns the result). */
export const checkStreamResumesFromCursor = streamResumesFromCursor.check
/** Asserts recovery/stream-resumes-from-cursor (throws unless held). */
export const assertStreamResumesFromCursor = streamResumesFromCursor.assert
