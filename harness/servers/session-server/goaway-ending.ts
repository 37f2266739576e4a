import type { GoawayThen, WatchFault } from '#harness/servers/session-server/session-script.ts'

/** The default grace period before the connection closes after a graceful (NO_ERROR) GOAWAY with `then: close`. */
export const defaultGraceMs = 100

/**
 * How the watch a GOAWAY fault covers ends: after NO_ERROR, `then` (default RST_STREAM CANCEL), or the connection
 * closing after `graceMs` (default 100 ms); after an error code, always the connection closing (default at once).
 */
export function goawayEnding(fault: Extract<WatchFault, { kind: 'goaway' }>): { code: string; then: GoawayThen; graceMs: number } {
  const code = fault.code ?? 'NO_ERROR'
  const then = code === 'NO_ERROR' ? (fault.then ?? 'CANCEL') : 'close'
  return { code, then, graceMs: then === 'close' ? (fault.graceMs ?? (code === 'NO_ERROR' ? defaultGraceMs : 0)) : 0 }
}
