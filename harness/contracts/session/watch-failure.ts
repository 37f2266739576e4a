import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import { isTransientWatchEnd } from '#harness/servers/session-server/watch-end-codes.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import { plannedCallEnd } from '#harness/contracts/session/watch-cut.ts'

/** A watch call a correct client makes that ends with a permanent end-of-stream error before the settling frame. */
export interface WatchFailure {
  /** Which WatchSession call (1-based) the error ends. */
  watch: number
  code: string
}

/**
 * The permanent end-of-stream error (`end-error` with `not_found`, `permission_denied`…) that fails the watch of a
 * correct client before its settling frame, or undefined: each call planned exactly as the kit's server plans it, the
 * next one resumed from the last frame the call before wrote whole, for as many calls as the scenario scripts faults.
 * (Frames written after a shutdown notice on a connection that then drops are taken as received: a client that missed
 * them resumes a frame or two earlier, which moves no scripted fault past the settling frame in the bundled scenarios.)
 */
export function watchFailure(given: SessionGiven): WatchFailure | undefined {
  const { script } = servedSession(given)
  const settling = script.frames.length - 1
  const calls = Math.max(0, ...script.faults.map((f) => f.watch))
  let cursor: string | null = null
  for (let watch = 1; watch <= calls; watch++) {
    const plan = planWatch(script, watch, { sessionId: script.sessionId, cursor })
    const end = plan.error ? undefined : plannedCallEnd(plan, settling)
    if (!end) return undefined
    if (end.fault.kind === 'end-error' && !isTransientWatchEnd(end.fault.code)) return { watch, code: end.fault.code }
    cursor = end.cursor ?? cursor // a call that wrote no frame is resumed from the same cursor
  }
  return undefined
}
