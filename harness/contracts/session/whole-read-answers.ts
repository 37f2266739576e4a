import type { SessionRun } from '#harness/contracts/session/session-run.ts'

/**
 * The `ok` reads of a run that surely reached the client whole, by read number: answered within half the client's try
 * limit of when the request may have arrived (a server held up on a busy machine may answer after the client gave up
 * on the try), and on a connection the server had sent no GOAWAY on before (some HTTP/2 libraries — undici 7, httpcore
 * under httpx 0.23 — fail every open stream at any GOAWAY, the shutdown notice included; session-protocol.md). Reading
 * a message again after an answer that may not have reached the client is no fault.
 */
export function wholeReadAnswers(run: SessionRun): Set<number> {
  const connectionOf = new Map<number, number>()
  const goneAway = new Set<number>()
  const whole = new Set<number>()
  for (const e of run.events) {
    if (e.type === 'watch') connectionOf.set(e.watch, e.connection)
    if (e.type === 'fault' && e.sent.some((line) => line.startsWith('GOAWAY'))) goneAway.add(connectionOf.get(e.watch) ?? -1)
    if (e.type === 'read' && e.answer === 'ok' && !goneAway.has(e.connection) && (e.lateByMs ?? 0) < run.given.tryTimeoutMs / 2) whole.add(e.read)
  }
  return whole
}
