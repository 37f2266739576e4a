import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerRead } from '#harness/servers/session-server/server-event.ts'
import { count, readsOf } from '#harness/contracts/session/session-run.ts'
import type { SessionClientResult } from '#harness/ports/session-client-port.ts'
import { waitSlackMs } from '#harness/contracts/session/reconnect-gaps.ts'
import { heldUpAtDeadline, reactionSlackMs } from '#harness/contracts/session/client-slowness.ts'

/**
 * Why a correct client may have had no time for another try after `read` (none: the first read) before its deadline,
 * or undefined when it surely had. Its deadline ends no earlier than `timeoutMs` after the kit started it; its next try
 * was due no later than the server's answer to this one (a failure), or that try's limit after the server took it (a
 * hang; the first read: the first frame written that shows the reply, before which it has nothing to read). A client
 * slow to get this far — a busy machine, a slow start — may have begun the try with less than its limit left, cut to
 * the deadline, and then a correct client makes no other. A client that ended before the deadline had the time; one
 * whose next step was due less than `reactionSlackMs` before it may not have.
 */
export function noTimeAfter(run: SessionRun, read: ServerRead | undefined): string | undefined {
  if (run.startedMs === undefined) return undefined
  const deadlineMs = run.startedMs + run.given.timeoutMs
  if (run.endedMs !== undefined && run.endedMs < deadlineMs - waitSlackMs) return undefined
  const slackMs = reactionSlackMs(run)
  const since = (ms: number) => `${count(Math.round((ms - run.startedMs!) * 10) / 10)} ms`
  if (!read) {
    const frameAt = firstFrameShowingReply(run)
    if (frameAt < 0 || deadlineMs - run.times[frameAt]! > slackMs) return undefined
    return `the first frame showing ${run.oracle.replyId ?? 'the reply'} was written ${since(run.times[frameAt]!)} after the client was started, and its ${count(run.given.timeoutMs)} ms deadline may have come before it could read`
  }
  const atMs = run.times[run.events.indexOf(read)]
  if (atMs === undefined) return undefined
  const hang = read.answer === 'hang'
  const dueMs = hang ? atMs + run.given.tryTimeoutMs : atMs
  if (deadlineMs - dueMs > slackMs) return undefined
  const due = hang ? `, its try limit of ${count(run.given.tryTimeoutMs)} ms ran to ${since(dueMs)}` : ''
  return `read ${read.read} (${read.answer}) reached the server ${since(atMs)} after the client was started${due}, and its ${count(run.given.timeoutMs)} ms deadline may have come before another try was due`
}

/**
 * Why a correct client that exited at its deadline may have had no time to open the watch before it, or undefined when
 * it surely had: it made no WatchSession call (or its first reached the server) in time — no earlier than
 * `reactionSlackMs` before the deadline counted from when the kit started it — and it did not end before that
 * deadline. A client slow to start (a busy machine, a slow runtime) starts its own clock late; one that gave up
 * before the deadline had the time.
 */
export function noTimeToWatch(run: SessionRun): string | undefined {
  if (run.startedMs === undefined) return undefined
  const deadlineMs = run.startedMs + run.given.timeoutMs
  if (run.endedMs !== undefined && run.endedMs < deadlineMs - waitSlackMs) return undefined
  const at = run.events.findIndex((e) => e.type === 'watch')
  if (at >= 0 && run.times[at]! < deadlineMs - reactionSlackMs(run)) return undefined
  const first = at < 0 ? 'the client made no WatchSession call' : `its first WatchSession call reached the server ${count(Math.round((run.times[at]! - run.startedMs) * 10) / 10)} ms after the client was started`
  return `${first}, and its ${count(run.given.timeoutMs)} ms deadline may have come before it could open the watch`
}

/**
 * Why a client that exited 2 (its deadline) where a correct one settles may have run out of time only because it was
 * slow, or undefined (it did not exit 2, or surely had the time): it was held up at its deadline (heldUpAtDeadline),
 * it had no time to open the watch, or its last read of the reply (none: the first frame showing it) left no time for
 * another try before the deadline counted from when the kit started it. A verdict that expects the settled output is
 * then not to be told from this run: it is unknown because of time, and the run is settled at a larger time scale.
 */
export function deadlineCameEarly(run: SessionRun, result: SessionClientResult): string | undefined {
  if (result.exitCode !== 2) return undefined
  return heldUpAtDeadline(run, 2) ?? noTimeToWatch(run) ?? noTimeAfter(run, readsOf(run, run.oracle.replyId).at(-1))
}

/** The index of the first frame written that shows the awaited reply (any frame, where the oracle does not say which show it), or -1. */
function firstFrameShowingReply(run: SessionRun): number {
  const shows = (frame: number) => run.oracle.views?.[frame]?.includes(run.oracle.replyId) ?? true
  return run.events.findIndex((e) => e.type === 'frame' && shows(e.frame))
}
