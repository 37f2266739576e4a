import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import { count } from '#harness/contracts/session/session-run.ts'
import { waitSlackMs } from '#harness/contracts/session/reconnect-gaps.ts'

/** The least room (ms) the kit gives a client, after its next step came due, before the deadline: see `reactionSlackMs`. */
export const reactionMarginMs = 500

/** How long (ms) the client took to start: from the kit starting it to its first connection reaching the server, or undefined. */
export function startLatencyMs(run: SessionRun): number | undefined {
  if (run.startedMs === undefined) return undefined
  const at = run.events.findIndex((e) => e.type === 'connection')
  return at < 0 ? undefined : Math.max(0, run.times[at]! - run.startedMs)
}

/**
 * How long after the moment a client's next step came due (ms) the kit still counts it as on its way: a client on a
 * busy machine takes time to see an answer, a timer fires late, a new connection takes time to open, and the request
 * time to reach the server. The most of `reactionMarginMs`, twice the time the client took to start (the machine's
 * slowness as this client met it in this run) and twice the slowest step from a read's answer (a hung read: its try
 * limit) to its next read: a client seen slow is given the room it showed it needs. A run with less than that left is
 * settled at a larger time scale, where the room the scenario gives grows and the client's slowness does not.
 */
export function reactionSlackMs(run: SessionRun): number {
  const reads: Array<{ at: number; hang: boolean }> = []
  run.events.forEach((e, i) => void (e.type === 'read' && reads.push({ at: run.times[i]!, hang: e.answer === 'hang' })))
  let slowest = startLatencyMs(run) ?? 0
  for (let i = 1; i < reads.length; i++) {
    const [before, next] = [reads[i - 1]!, reads[i]!]
    slowest = Math.max(slowest, next.at - before.at - (before.hang ? run.given.tryTimeoutMs : 0))
  }
  return Math.max(reactionMarginMs, Math.round(2 * slowest))
}

/**
 * Why the client was surely held up around its deadline (a busy machine), or undefined: it ended after the latest its
 * deadline can be — `timeoutMs` after its first connection, its clock having started before it — so its own timers
 * fired late, and it asked the server nothing after that moment (a client that ignores its deadline goes on reading
 * or watching). One that exited 2 (`exitCode`) says its deadline fired, however late; one that exited otherwise — a
 * client may print a settling frame that came after its deadline — is held up only when it overran by no more than
 * `reactionSlackMs`, the slowness it showed. Whatever it did not do before it ended is then not to be held against
 * it: the run is settled at a larger time scale.
 */
export function heldUpAtDeadline(run: SessionRun, exitCode: number): string | undefined {
  if (run.startedMs === undefined || run.endedMs === undefined) return undefined
  const first = run.events.findIndex((e) => e.type === 'connection')
  if (first < 0) return undefined
  const latestDeadlineMs = run.times[first]! + run.given.timeoutMs
  const overranMs = run.endedMs - latestDeadlineMs
  if (overranMs <= waitSlackMs || (exitCode !== 2 && overranMs > reactionSlackMs(run))) return undefined
  const requestedAfter = run.events.some((e, i) => (e.type === 'watch' || e.type === 'read') && run.times[i]! > latestDeadlineMs)
  if (requestedAfter) return undefined
  const ms = (x: number) => `${count(Math.round(x))} ms`
  return `the client ended ${ms(overranMs)} after its ${count(run.given.timeoutMs)} ms deadline could have passed at the latest (it took ${ms(startLatencyMs(run) ?? 0)} to start): its timers fired late, a machine too busy for this run's times to be judged`
}
