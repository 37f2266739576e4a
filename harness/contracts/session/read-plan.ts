import type { SessionRun } from '#harness/contracts/session/session-run.ts'

/** The most whole-message reads a correct client makes of one message: 3 tries a round, the first round and 3 more. */
export const readBudget = 12

/** The most tries a correct client makes in one round (between two frames). */
export const triesPerRound = 3

/** What the scenario's read script means for a correct client, decided from the scenario alone. */
export interface ReadPlan {
  /** The view cut the awaited reply. */
  replyCut: boolean
  /** The awaited reply is the settling frame's reply and the view cut it. */
  finalCut: boolean
  /** The server has no GetSessionMessage (its first answer is `unimplemented`). */
  olderServer: boolean
  /** The first answers fail transiently (`unavailable`, `internal`, `hang`). */
  transientFirst: boolean
  /** Every read the client can make before its deadline hangs: a read is open at the deadline. */
  openAtDeadline: boolean
  /** A correct client ends with the whole awaited reply (the view cut it, and the server can read it in time). */
  wholeReachable: boolean
  /** A correct client prints the settling frame's reply whole: it was never cut, or it can be read whole. */
  finalWholeExpected: boolean
}

/** Decides what a correct client must end with in this run, from the scenario's reads, deadlines and reply. */
export function readPlan(run: SessionRun): ReadPlan {
  const { reads, timeoutMs, tryTimeoutMs } = run.given
  const answer = (i: number) => reads[Math.min(i, reads.length - 1)]
  const replyCut = run.oracle.replyTruncatedBytes > 0
  const finalCut = replyCut && run.oracle.finalReplyId === run.oracle.replyId
  const olderServer = answer(0) === 'unimplemented'
  let firstOk = -1
  for (let i = 0; i < readBudget; i++) if (answer(i) === 'ok') {
    firstOk = i
    break
  }
  const transientFirst = ['unavailable', 'internal', 'hang'].includes(answer(0))
  let leadingHangs = 0
  while (leadingHangs < readBudget && answer(leadingHangs) === 'hang') leadingHangs++
  const openAtDeadline = replyCut && leadingHangs * tryTimeoutMs >= timeoutMs
  const blocked = Array.from({ length: Math.max(firstOk, 0) }, (_, i) => answer(i)).includes('unimplemented')
  const shown = finalCut || run.given.output === 'text' // JSON shows only the settling frame's reply
  const wholeReachable = replyCut && shown && firstOk >= 0 && !blocked && !openAtDeadline
  return { replyCut, finalCut, olderServer, transientFirst, openAtDeadline, wholeReachable, finalWholeExpected: !openAtDeadline && (!finalCut || wholeReachable) }
}
