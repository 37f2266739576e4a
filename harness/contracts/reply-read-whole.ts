import type { SessionClientHistory } from '#harness/history/history.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, unknownInTime } from '#harness/contracts/contract.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import { count, describeReads, describeReply, readsOf, settlingReplyAlone } from '#harness/contracts/session/session-run.ts'
import { noOutputReason } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import { differenceClause, textDifference } from '#harness/contracts/text-difference.ts'

/** Whether a correct client prints the settling reply whole in this scenario, or why it does not. */
function exercised(plan: ReadPlan): true | string {
  if (plan.finalWholeExpected) return true
  const none = noOutputReason(plan)
  if (none) return none
  if (plan.olderServer) return 'the server has no GetSessionMessage: the cut reply cannot be read whole, and is printed cut'
  return 'no read of the cut reply can succeed: it is printed cut'
}

/** The other message of the settling frame a JSON reply printed instead of its last assistant message, if it is one. */
function otherMessage(run: SessionRun, printed: string): string | undefined {
  const { script } = servedSession(run.given)
  const settling = script.frames[script.frames.length - 1]
  const other = settling.messages.find((m) => m.id !== run.oracle.finalReplyId && (m.text === printed || script.wholeMessages[m.id]?.text === printed))
  return other && `${other.role} message ${other.id}`
}

/** recovery/reply-read-whole: a reply the view cut is printed whole (exit 0, no marker) when the server can read it. */
export const replyReadWhole = defineContract<SessionClientHistory>({
  id: 'recovery/reply-read-whole',
  statement: 'The reply — the last assistant message of the settling frame — is printed whole (a reply the session view cut is read whole through GetSessionMessage), with no truncation marker, and the client exits 0.',
  from: ['DEP-8516'],
  port: 'session-client',
  ...byReadPlan(exercised, (run, plan, result) => {
    // an earlier reply that stays cut as the docs ask (older server, failed reads) is judged by its own contracts: each reply on its own
    const r = plan.wholeReachable ? run.reply : settlingReplyAlone(run)
    const readWhole = plan.wholeReachable
    const expectedBytes = Buffer.byteLength(readWhole ? run.oracle.replyWhole : run.oracle.finalReplyWhole, 'utf8')
    if (result.exitCode === 0 && r?.whole && r.markerLines === 0 && !r.saysCut) {
      const reads = readsOf(run, run.oracle.replyId)
      const how = readWhole ? `, after ${describeReads(reads)}` : ' (the view never cut it)'
      const evidence =
        run.given.output === 'json'
          ? `${count(r.bytes)}-byte reply printed whole, no marker, exit 0${how}`
          : !readWhole && run.oracle.finalReplyId !== run.oracle.replyId && plan.replyCut
            ? `transcript holds the ${count(expectedBytes)}-byte settling reply ${run.oracle.finalReplyId} whole, no marker on it, exit 0 (the earlier reply ${run.oracle.replyId} stays cut, as the docs ask: judged on its own)`
            : `${count(r.bytes)}-byte transcript holds the ${count(expectedBytes)}-byte reply whole${run.oracle.finalReplyId !== run.oracle.replyId ? ' and the settling reply' : ''}, no marker, exit 0${how}`
      return held(evidence, { exitCode: 0, printedBytes: r.bytes, expectedBytes, markerLines: 0, reads: reads.length, output: run.given.output })
    }
    const other = r && run.given.output === 'json' ? otherMessage(run, r.text) : undefined
    if (result.exitCode === 0 && other) {
      return broken(`the client printed ${other} of the settling frame, not its last assistant message ${run.oracle.finalReplyId} (the reply)`, { ...describeReply(run), printed: other, reply: run.oracle.finalReplyId })
    }
    const why =
      result.exitCode !== 0 ? `exited ${result.exitCode}` : result.stdout.trim() === '' ? 'printed nothing' : !r ? 'printed no reply' : r.cut ? 'printed the cut reply' : r.whole ? (r.markerLines > 0 ? 'printed a truncation marker' : 'said the reply is cut') : 'printed a reply that is not the whole one'
    const early = deadlineCameEarly(run, result)
    if (early) return unknownInTime(`the client exited 2 at its deadline, but ${early}: whether it would have printed the whole reply cannot be told from this run`)
    // a JSON reply that is neither the whole reply nor the cut one: where it first differs from the whole reply, both sides shown
    const d = r && run.given.output === 'json' && !r.cut && !r.whole ? textDifference(run.oracle.finalReplyWhole, r.text) : undefined
    return broken(`the client ${why} instead of the whole reply (${count(expectedBytes)} bytes)${d ? `: ${differenceClause(d, 'the reply printed')}` : ''}`, { ...describeReply(run), expectedBytes, ...(d ? { difference: d } : {}) })
  }),
})

/** Checks recovery/reply-read-whole (returns the result). */
export const checkReplyReadWhole = replyReadWhole.check
/** Asserts recovery/reply-read-whole (throws unless held). */
export const assertReplyReadWhole = replyReadWhole.assert
