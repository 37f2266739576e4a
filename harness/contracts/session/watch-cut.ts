import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { nonEndingFaults } from '#harness/servers/session-server/session-script.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import type { WatchPlan } from '#harness/servers/session-server/watch-plan.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import { isTransientWatchEnd } from '#harness/servers/session-server/watch-end-codes.ts'

/** A fault that ends a watch under the client before the turn settles: which, and the frames the call wrote before it. */
export interface WatchCut {
  kind: Exclude<WatchFault['kind'], 'delay' | 'goaway-notice'>
  /** How many frames the first watch call writes whole before the fault ends it. */
  framesBefore: number
  /** How many frames the session has, the settling one last. */
  frames: number
  /** The call was refused before anything was processed (`refuse`, or RST_STREAM REFUSED_STREAM): a replay, not a reconnect, follows. */
  refused: boolean
}

/** Whether a fault refuses its call before anything is processed, so that the client's next call is a replay (RFC 9113 §8.7). */
export function refusesCall(kind: string, code: string | null | undefined): boolean {
  return kind === 'refuse' || (kind === 'rst' && code === 'REFUSED_STREAM')
}

/**
 * The fault that ends the first WatchSession call before its settling frame is written, planned exactly as the kit's
 * server plans that call (clamped positions, a `no-end` just before the end-of-stream envelope); undefined when no
 * fault does (none scripted, only faults that do not end the call — delays, a GOAWAY notice — or one that applies after
 * the settling frame: nothing is left to resume).
 */
export function watchCut(given: SessionGiven): WatchCut | undefined {
  const { script } = servedSession(given)
  const end = plannedCallEnd(planWatch(script, 1, { sessionId: script.sessionId, cursor: null }), script.frames.length - 1)
  // a permanent end-of-stream error fails the watch rather than ending it under the client: nothing is resumed after it
  if (!end || (end.fault.kind === 'end-error' && !isTransientWatchEnd(end.fault.code))) return undefined
  const { fault } = end
  return { kind: fault.kind as WatchCut['kind'], framesBefore: end.written, frames: script.frames.length, refused: refusesCall(fault.kind, 'code' in fault ? fault.code : null) }
}

/**
 * How a planned watch call ends before its settling frame: the fault that ends it, the frames it writes whole before
 * that fault and the last one's cursor (null: none); undefined when the settling frame comes first or no fault ends it.
 */
export function plannedCallEnd(plan: WatchPlan, settling: number): { fault: WatchFault; written: number; cursor: string | null } | undefined {
  let written = 0
  let cursor: string | null = null
  for (const step of plan.steps) {
    if (step.type === 'bytes' && step.completes !== null && step.completes !== 'end-stream') {
      if (step.completes.frame === settling) return undefined
      written++
      cursor = step.completes.cursor
    }
    if (step.type === 'fault' && !nonEndingFaults.has(step.fault.kind)) return { fault: step.fault, written, cursor }
  }
  return undefined
}

/**
 * How long the first WatchSession call holds back its settling frame with `delay` faults (ms), planned as the kit's
 * server plans it; 0 when a fault ends that call first (the frames come on a later call) or none delays it.
 */
export function settlingDelayMs(given: SessionGiven): number {
  if (watchCut(given)) return 0
  const { script } = servedSession(given)
  const settling = script.frames.length - 1
  let delayed = 0
  for (const step of planWatch(script, 1, { sessionId: script.sessionId, cursor: null }).steps) {
    if (step.type === 'bytes' && step.completes !== null && step.completes !== 'end-stream' && step.completes.frame === settling) return delayed
    if (step.type === 'fault' && step.fault.kind === 'delay') delayed += step.fault.ms
  }
  return delayed
}
