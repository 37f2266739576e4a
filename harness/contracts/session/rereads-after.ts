import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { readsAfterGoaway } from '#harness/contracts/session/goaway-connections.ts'
import { waitSlackMs } from '#harness/contracts/session/reconnect-gaps.ts'

type ServerRead = Extract<ServerEvent, { type: 'read' }>

/** A read whose answer should have ended the reading of its message, followed by another read of it, and how long after. */
export interface Reread {
  /** The read that answered (`ok`, `not_found`), and the next read of the same message. */
  answered: ServerRead
  next: ServerRead
  /** From the earliest moment the answered read's request may have reached the server to when the next read was handled. */
  afterMs: number
}

/** The rereads of one message after given answers: the first that proves the client had the answer, and those that cannot. */
export interface Rereads {
  /** A next read that reached the server before the answered read's try limit could have run out: the client did not give up on that try, it read the message again. */
  proven?: Reread
  /** Next reads that came once the try limit may have run out, or after an answer on a connection the server had sent a GOAWAY on: the answer may never have reached the client. */
  unproven: Array<Reread & { why: string }>
}

/**
 * Judges each read of a message that answered one of `answers` and was followed by another read of it. A correct
 * client that got no answer within its try limit abandons the try and makes the next — a server or a client held up
 * on a busy machine can make a prompt answer come too late — so another read proves the answer was had only when it
 * reached the server before that limit could have run out: less than `tryTimeoutMs` (less 2 ms for timer granularity)
 * after the answered read's request may have first reached the server (its `lateByMs` before it was answered). An
 * answer on a connection the server had sent a GOAWAY on may have been failed by the client's library
 * (`readsAfterGoaway`): nothing is proven by a read after it.
 */
export function rereadsAfter(run: SessionRun, messageId: string, answers: ReadonlySet<string>): Rereads {
  const afterGoaway = readsAfterGoaway(run)
  const limitMs = run.given.tryTimeoutMs
  const unproven: Rereads['unproven'] = []
  let last: { read: ServerRead; reachedMs: number } | undefined
  for (let i = 0; i < run.events.length; i++) {
    const e = run.events[i]
    if (e.type !== 'read' || e.messageId !== messageId) continue
    const atMs = run.times[i]
    if (last) {
      const reread = { answered: last.read, next: e, afterMs: Math.round((atMs - last.reachedMs) * 10) / 10 }
      if (afterGoaway.has(last.read.read)) unproven.push({ ...reread, why: 'answered on a connection the server had sent a GOAWAY on, which some client libraries fail' })
      else if (reread.afterMs >= limitMs - waitSlackMs) unproven.push({ ...reread, why: `read again ${reread.afterMs} ms after the request, once the ${limitMs} ms try limit may have run out before the answer reached the client` })
      else return { proven: reread, unproven }
    }
    last = answers.has(e.answer) ? { read: e, reachedMs: atMs - (e.lateByMs ?? 0) } : undefined
  }
  return { unproven }
}
