import type { SessionRun } from '#harness/contracts/session/session-run.ts'

/**
 * When each connection may first have failed the client's open calls on it, by connection number: the time (ms, as the
 * kit recorded it) of the first fault that sent a GOAWAY on it — some HTTP/2 libraries (undici 7, httpcore under
 * httpx 0.23) fail every open stream at any GOAWAY, the shutdown notice included (session-protocol.md), and a GOAWAY
 * may be followed by the connection's close — or dropped it. A call open on it then may end with a lost connection,
 * and an answer written on it may never reach the client.
 */
export function connectionLosses(run: SessionRun): Map<number, number> {
  const connectionOf = new Map<number, number>()
  const lost = new Map<number, number>()
  for (const [i, e] of run.events.entries()) {
    if (e.type === 'watch') connectionOf.set(e.watch, e.connection)
    if (e.type !== 'fault' || !(e.kind === 'drop' || e.sent.some((line) => line.startsWith('GOAWAY')))) continue
    const connection = connectionOf.get(e.watch)
    if (connection !== undefined && !lost.has(connection)) lost.set(connection, run.times[i]!)
  }
  return lost
}
