import type { GoneReason } from '#harness/servers/session-server/session-exchange.ts'

/** Resolves why the other side went away: at once if it already has, else when the exchange's signal aborts. */
export function untilGone(gone: () => GoneReason | null, signal: AbortSignal): Promise<GoneReason> {
  return new Promise((resolve) => {
    const reason = gone()
    if (reason) return resolve(reason)
    signal.addEventListener('abort', () => resolve(gone() ?? 'client-closed'), { once: true })
  })
}
