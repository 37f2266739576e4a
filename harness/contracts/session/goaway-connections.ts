import type { SessionRun } from '#harness/contracts/session/session-run.ts'

/**
 * The reads (by read number) answered on a connection the server had sent a GOAWAY on before: some HTTP/2 libraries —
 * undici 7, httpcore under httpx 0.23 — fail every open stream at any GOAWAY, the shutdown notice included
 * (session-protocol.md), so such an answer may never have reached the client.
 */
export function readsAfterGoaway(run: SessionRun): Set<number> {
  const connectionOf = new Map<number, number>()
  const goneAway = new Set<number>()
  const after = new Set<number>()
  for (const e of run.events) {
    if (e.type === 'watch') connectionOf.set(e.watch, e.connection)
    if (e.type === 'fault' && e.sent.some((line) => line.startsWith('GOAWAY'))) goneAway.add(connectionOf.get(e.watch) ?? -1)
    if (e.type === 'read' && goneAway.has(e.connection)) after.add(e.read)
  }
  return after
}
