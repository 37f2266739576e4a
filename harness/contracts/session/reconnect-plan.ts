import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import { plannedCallEnd, refusesCall } from '#harness/contracts/session/watch-cut.ts'
import { waitDueMs } from '#harness/contracts/session/reconnect-gaps.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import { isTransientWatchEnd } from '#harness/servers/session-server/watch-end-codes.ts'

/** The most watch calls the reconnect plan follows (a scenario scripts faults on far fewer). */
const maxCalls = 64

/** The watch calls a correct client surely makes before its turn settles, and the least time they take, planned as the kit's server plans each call. */
export interface ReconnectPlan {
  /** The watch calls before the one that writes the settling frame (refused calls and their replays included). */
  calls: number
  /** The reconnect waits due before the settling call, each `min(50 × 2^f, 1000)` ms (none before a replay). */
  waitsMs: number[]
  /** The least time from the first watch call to the settling frame: every wait due, and every `delay` on the way (ms). */
  leastMs: number
  /** The watch fails for good (a permanent end-of-stream error) before the turn settles: the plan stops there. */
  fails: boolean
}

/**
 * Plans the watch calls a correct client makes until the settling frame: each call as the kit's server plans it, from
 * the last cursor received; after a call a fault ends before the settling frame, the wait due (`waitDueMs`, counting
 * the calls in a row that brought no frame), or none after a refused call (a replay). What it adds up is a lower
 * bound on the time the turn takes to settle for any correct client, however fast: waits and delays, not the network.
 */
export function reconnectPlan(given: SessionGiven): ReconnectPlan {
  const { script } = servedSession(given)
  const settling = script.frames.length - 1
  const waitsMs: number[] = []
  let cursor: string | null = null
  let fruitless = 0
  let leastMs = 0
  for (let call = 1; call <= maxCalls; call++) {
    const plan = planWatch(script, call, cursor ? { sessionId: script.sessionId, cursor } : { sessionId: script.sessionId })
    const end = plannedCallEnd(plan, settling)
    const ends = end ? plan.steps.indexOf(plan.steps.find((s) => s.type === 'fault' && s.fault === end.fault)!) : plan.steps.length
    for (const step of plan.steps.slice(0, ends)) {
      if (step.type === 'bytes' && step.completes !== null && step.completes !== 'end-stream' && step.completes.frame === settling) break
      if (step.type === 'fault' && step.fault.kind === 'delay') leastMs += step.fault.ms
    }
    if (!end) return { calls: call - 1, waitsMs, leastMs, fails: plan.error !== null }
    if (end.fault.kind === 'end-error' && !isTransientWatchEnd(end.fault.code)) return { calls: call, waitsMs, leastMs, fails: true }
    if (end.cursor) cursor = end.cursor
    if (refusesCall(end.fault.kind, 'code' in end.fault ? end.fault.code : null)) continue
    fruitless = end.written === 0 ? fruitless + 1 : 0
    const wait = waitDueMs(fruitless)
    waitsMs.push(wait)
    leastMs += wait
  }
  return { calls: maxCalls, waitsMs, leastMs, fails: false }
}

/** Whether the reconnect waits (and delays) a correct client must sit through reach past the deadline: it passes before the turn settles. */
export function reconnectsOutlastDeadline(given: SessionGiven): boolean {
  const plan = reconnectPlan(given)
  return !plan.fails && plan.waitsMs.length > 0 && plan.leastMs >= given.timeoutMs
}
