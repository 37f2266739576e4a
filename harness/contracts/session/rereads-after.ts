import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerRead } from '#harness/servers/session-server/server-event.ts'
import { connectionLosses } from '#harness/contracts/session/connection-losses.ts'
import { waitSlackMs } from '#harness/contracts/session/reconnect-gaps.ts'
import { count } from '#harness/contracts/session/session-run.ts'

/** A read whose answer should have ended the reading of its message, followed by another read of it, and how long after. */
export interface Reread {
  /** The read that answered (`ok`, `not_found`), and the next read of the same message. */
  answered: ServerRead
  next: ServerRead
  /** From the earliest moment the client may have begun the answered read's try to when the server handled the next read. */
  afterMs: number
}

/** The rereads of one message after given answers: the first that proves the client had the answer, and those that cannot. */
export interface Rereads {
  /** A next read the client cannot have made after giving up on the answered read's try: it had the answer and read the message again. */
  proven?: Reread
  /**
   * Next reads that may have followed a try the client gave up on (its limit may have run out, or its connection was
   * lost): the answer may never have reached it. `inTime`: only because of when it came (more time may tell).
   */
  unproven: Array<Reread & { why: string; inTime: boolean }>
}

/**
 * Judges each read of a message that answered one of `answers` and was followed by another read of it. A correct
 * client that gets no answer within a try's limit abandons the try and makes the next, and a client or a server held
 * up on a busy machine can make a prompt answer come too late — a client may even be held up between starting its
 * try's clock and sending the request. So the next read proves the answer was had only when the client cannot have
 * made it after giving up on that try: the server handled it less than `tryTimeoutMs` (less 2 ms for timer
 * granularity) after the earliest moment the client may have begun the answered try — which, the tries of a message
 * coming one after another, is no earlier than the end of the try before it: its answer, its limit run out from the
 * earliest it may have begun, or its connection lost (the first read: the first frame written). And only when no
 * GOAWAY or drop on the answered read's connection, up to the next read, may have kept the answer from the client
 * (`connectionLosses`).
 */
export function rereadsAfter(run: SessionRun, messageId: string, answers: ReadonlySet<string>): Rereads {
  const limitMs = run.given.tryTimeoutMs
  const losses = connectionLosses(run)
  const unproven: Rereads['unproven'] = []
  let firstFrameMs: number | undefined
  let last: { read: ServerRead; atMs: number; beganMs: number; closedByServer: boolean } | undefined
  for (let i = 0; i < run.events.length; i++) {
    const e = run.events[i]!
    const atMs = run.times[i]!
    if (e.type === 'frame') firstFrameMs ??= atMs
    if (e.type === 'read-abandoned' && last && e.read === last.read.read && e.by === 'server-close') last.closedByServer = true
    if (e.type !== 'read' || e.messageId !== messageId) continue
    let beganMs = firstFrameMs ?? 0
    if (last) {
      const lostAt = losses.get(last.read.connection)
      const lost = last.closedByServer || (lostAt !== undefined && lostAt <= atMs)
      // the earliest the last try may have ended: at its answer, at its limit, or (its connection lost) at once
      beganMs = Math.min(last.read.answer === 'hang' ? Infinity : last.atMs, last.beganMs + limitMs, lost ? last.beganMs : Infinity)
      if (answers.has(last.read.answer)) {
        const reread = { answered: last.read, next: e, afterMs: Math.round((atMs - last.beganMs) * 10) / 10 }
        if (lost) unproven.push({ ...reread, inTime: false, why: `its connection had a GOAWAY or was dropped before read ${e.read}, which may have kept the answer from the client` })
        else if (reread.afterMs >= limitMs - waitSlackMs) unproven.push({ ...reread, inTime: true, why: `read again ${reread.afterMs} ms after the client may have begun that try, once its ${count(limitMs)} ms limit may have run out before the answer reached the client` })
        else return { proven: reread, unproven }
      }
    }
    last = { read: e, atMs, beganMs, closedByServer: false }
  }
  return { unproven }
}
