/**
 * The Connect codes a watch's end-of-stream envelope can carry (docs/session-client-port.md, "Watching"): on a
 * transient one the client reconnects and resumes from its cursor, on a permanent one it exits 1.
 */
export const watchEndCodes = {
  transient: ['unavailable', 'internal', 'unknown', 'aborted', 'canceled', 'resource_exhausted', 'deadline_exceeded'],
  permanent: ['not_found', 'invalid_argument', 'permission_denied', 'unauthenticated', 'failed_precondition'],
} as const

/** A Connect code an `end-error` fault ends a watch call with. */
export type WatchEndCode = (typeof watchEndCodes)['transient' | 'permanent'][number]

const transient: ReadonlySet<string> = new Set(watchEndCodes.transient)

/** Whether an end-of-stream error code ends the watch under the client (reconnect) rather than failing it (exit 1). */
export function isTransientWatchEnd(code: string): boolean {
  return transient.has(code)
}
