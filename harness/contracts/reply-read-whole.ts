import type { SessionClientHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { describeReply, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan } from '#harness/contracts/session/read-plan.ts'

/** recovery/reply-read-whole: a reply the view cut is printed whole (exit 0, no marker) when the server can read it. */
export const replyReadWhole = defineContract<SessionClientHistory>({
  id: 'recovery/reply-read-whole',
  statement: 'The reply is printed whole — a reply the session view cut is read whole through GetSessionMessage — with no truncation marker, and the client exits 0.',
  from: ['DEP-8516'],
  port: 'session-client',
  check(history) {
    const run = sessionRun(history)
    const plan = readPlan(run)
    if (!plan.wholeReachable && !plan.finalWholeExpected) return held
    const r = run.reply
    if (run.result?.exitCode === 0 && r?.whole && r.markerLines === 0 && !r.saysCut) return held
    const why = run.result?.exitCode !== 0 ? `exited ${run.result?.exitCode}` : !r ? 'printed no reply' : r.cut ? 'printed the cut reply' : r.whole ? 'printed a truncation marker' : 'printed a reply that is not the whole one'
    return broken(`the client ${why} instead of the whole reply (${Buffer.byteLength(run.oracle.finalReplyWhole, 'utf8')} bytes)`, describeReply(run))
  },
})

/** Checks recovery/reply-read-whole (returns the result). */
export const checkReplyReadWhole = replyReadWhole.check
/** Asserts recovery/reply-read-whole (throws unless held). */
export const assertReplyReadWhole = replyReadWhole.assert
