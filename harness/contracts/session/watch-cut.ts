import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'

/** A fault that ends a watch under the client before the turn settles: which, and the frames the call wrote before it. */
export interface WatchCut {
  kind: Exclude<WatchFault['kind'], 'delay'>
  /** How many frames the first watch call writes whole before the fault ends it. */
  framesBefore: number
  /** How many frames the session has, the settling one last. */
  frames: number
}

/**
 * The fault that ends the first WatchSession call before its settling frame is written, planned exactly as the kit's
 * server plans that call (clamped positions, a `no-end` just before the end-of-stream envelope); undefined when no
 * fault does (none scripted, only delays, or one that applies after the settling frame: nothing is left to resume).
 */
export function watchCut(given: SessionGiven): WatchCut | undefined {
  const { script } = servedSession(given)
  const settling = script.frames.length - 1
  const plan = planWatch(script, 1, { sessionId: script.sessionId, cursor: null })
  let written = 0
  for (const step of plan.steps) {
    if (step.type === 'bytes' && step.completes !== null && step.completes !== 'end-stream') {
      if (step.completes.frame === settling) return undefined
      written = step.completes.frame + 1
    }
    if (step.type === 'fault' && step.fault.kind !== 'delay') return { kind: step.fault.kind, framesBefore: written, frames: script.frames.length }
  }
  return undefined
}
