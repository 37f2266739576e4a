import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import { count } from '#harness/contracts/session/session-run.ts'
import { reactionSlackMs } from '#harness/contracts/session/client-slowness.ts'

/** A hung GetSessionMessage try the client kept open past its deadline: which read, and how far past the latest the deadline can be (ms). */
export interface OpenPastDeadline {
  read: number
  messageId: string | null
  /** How long after the latest moment the deadline can pass the try was still open (its close, or the end of the run). */
  pastMs: number
  /** How far past it the kit accepts a close: the client's reaction slack (its slowness as it showed it in this run). */
  slackMs: number
  /** How the try ended: the client cancelled it (or closed its connection), the server closed it, or it never ended. */
  endedBy: 'client' | 'server-close' | 'never'
}

/**
 * The hung try a client kept open longest past its deadline, when it kept one open more than `reactionSlackMs` past the
 * latest its deadline can pass — `timeoutMs` after its first connection, its clock having started before it — else
 * undefined. A try with no answer is limited to the time left before the deadline: a correct client cancels it when the
 * deadline passes, its timers late only by the slowness the slack allows. A try the server had to close at the end of
 * the run, or that never ended, was open until then at least (until the client's run ended, if that is later).
 */
export function openPastDeadline(run: SessionRun): OpenPastDeadline | undefined {
  const first = run.events.findIndex((e) => e.type === 'connection')
  if (first < 0) return undefined
  const latestDeadlineMs = run.times[first]! + run.given.timeoutMs
  const slackMs = reactionSlackMs(run)
  let worst: OpenPastDeadline | undefined
  run.events.forEach((e, i) => {
    if (e.type !== 'read' || e.answer !== 'hang') return
    const end = run.events.findIndex((a) => a.type === 'read-abandoned' && a.read === e.read)
    const ended = end < 0 ? undefined : run.events[end]
    const endedBy = ended?.type === 'read-abandoned' ? ended.by : 'never'
    const closedMs = end < 0 ? (run.endedMs ?? run.times[i]!) : endedBy === 'server-close' ? Math.max(run.times[end]!, run.endedMs ?? 0) : run.times[end]!
    const pastMs = Math.round((closedMs - latestDeadlineMs) * 10) / 10
    if (pastMs > slackMs && (!worst || pastMs > worst.pastMs)) worst = { read: e.read, messageId: e.messageId, pastMs, slackMs, endedBy }
  })
  return worst
}

/** The witness line of a try left open past the deadline. */
export function describeOpenPastDeadline(open: OpenPastDeadline, timeoutMs: number): string {
  const how = open.endedBy === 'client' ? 'before the client cancelled it' : open.endedBy === 'server-close' ? 'until the server closed it at the end of the run' : 'and never ended'
  return `read ${open.read} of ${open.messageId ?? 'the reply'} (hang) stayed open ${count(open.pastMs)} ms past the latest its ${count(timeoutMs)} ms deadline could pass, ${how} (the kit allows a slow client ${count(open.slackMs)} ms, and judges past twice that): a try never outlasts the deadline`
}
