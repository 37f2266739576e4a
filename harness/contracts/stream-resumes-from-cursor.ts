import type { SessionClientHistory } from '#harness/history/history.ts'
import { applies, broken, defineContract, held, unknown } from '#harness/contracts/contract.ts'
import { clientResult, count, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan, scenarioReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'

/** How many cursors a witness lists of each kind before it only counts them. */
const shown = 10

/** Whether a fault ends the first watch under the client before the settling frame, or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (plan.watchCut) return true
  if (given.faults.length === 0) return 'no fault is scripted: no watch is ended under the client'
  if (given.faults.every((f) => f.kind === 'delay')) return 'the only faults are delays: a late frame ends no watch'
  return 'no fault ends the first watch before its settling frame is written: nothing is left to resume'
}

/**
 * recovery/stream-resumes-from-cursor: a watch the server ends under the client (GOAWAY, reset, cut envelope, dropped
 * connection) is reopened at the last cursor received, so the client gets every frame exactly once, in order.
 */
export const streamResumesFromCursor = defineContract<SessionClientHistory>({
  id: 'recovery/stream-resumes-from-cursor',
  statement: 'A watch the server ends under the client resumes from the last cursor received: every frame reaches the client exactly once and in order, up to the settling frame.',
  from: ['DEP-8516'],
  port: 'session-client',
  exercisedBy: (scenario) => exercised(scenarioReadPlan(scenario), scenario.given as SessionGiven),
  check(history) {
    const run = sessionRun(history)
    const plan = readPlan(run.given, run.oracle)
    applies(exercised(plan, run.given))
    clientResult(run)
    const { cursors } = run.oracle
    const calls: Array<{ watch: number; cursor: string | null; frames: string[]; end?: string }> = []
    const delivered: number[] = []
    let mismatch: Record<string, unknown> | undefined
    for (const e of run.events) {
      if (e.type === 'watch') {
        const expected = delivered.length === 0 ? null : cursors[delivered[delivered.length - 1]]
        if (e.cursor !== expected) mismatch ??= { watch: e.watch, asked: e.cursor, lastReceived: expected }
        calls.push({ watch: e.watch, cursor: e.cursor, frames: [] })
      }
      if (e.type === 'frame') {
        delivered.push(e.frame)
        calls.find((c) => c.watch === e.watch)?.frames.push(e.cursor)
      }
      if (e.type === 'end') {
        const call = calls.find((c) => c.watch === e.watch)
        if (call) call.end = e.how
      }
    }
    const counts = new Map<number, number>()
    for (const f of delivered) counts.set(f, (counts.get(f) ?? 0) + 1)
    const lost = cursors.filter((_, i) => !counts.has(i))
    const duplicated = cursors.filter((_, i) => (counts.get(i) ?? 0) > 1)
    const outOfOrder = delivered.findIndex((f, i) => i > 0 && f < delivered[i - 1])
    const problems = [
      lost.length && `${lost.length} frame${lost.length > 1 ? 's' : ''} lost (${lost.slice(0, 3).join(', ')})`,
      duplicated.length && `${duplicated.length} duplicated (${duplicated.slice(0, 3).join(', ')})`,
      outOfOrder > 0 && `out of order at ${cursors[delivered[outOfOrder]]}`,
    ].filter(Boolean)
    if (problems.length === 0) {
      const resumedAt = calls.slice(1).map((c) => c.cursor)
      if (resumedAt.length === 0) return unknown(`the ${plan.watchCut!.kind} planned to end the first watch did not: every frame came in one watch call`)
      const endedBy = calls.slice(0, -1).map((c) => c.end ?? 'open')
      const resumes = resumedAt.map((cursor, i) => `${cursor} (after ${endedBy[i]})`).join(', ')
      return held(`${count(delivered.length)} frames over ${count(calls.length)} watch calls, each once and in order; resumed at ${resumes}`, {
        frames: delivered.length,
        watchCalls: calls.length,
        resumedAt,
        endedBy,
      })
    }
    return broken(`over ${calls.length} watch call${calls.length === 1 ? '' : 's'} of ${cursors.length} frames: ${problems.join(', ')}`, {
      lost: { count: lost.length, cursors: lost.slice(0, shown) },
      duplicated: { count: duplicated.length, cursors: duplicated.slice(0, shown) },
      ...(mismatch ? { resumedAt: mismatch } : {}),
      calls: calls.map((c) => ({ watch: c.watch, cursor: c.cursor, frames: c.frames.length ? `${c.frames[0]}…${c.frames[c.frames.length - 1]}` : 'none', end: c.end ?? 'open' })),
    })
  },
})

/** Checks recovery/stream-resumes-from-cursor (returns the result). */
export const checkStreamResumesFromCursor = streamResumesFromCursor.check
/** Asserts recovery/stream-resumes-from-cursor (throws unless held). */
export const assertStreamResumesFromCursor = streamResumesFromCursor.assert
