import type { SessionClientHistory } from '#harness/history/history.ts'
import { applies, broken, defineContract, held } from '#harness/contracts/contract.ts'
import { clientResult, count, describeReads, describeReply, markerIn, readsOf, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan, scenarioReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'

/** Whether the scenario serves the settling reply cut from a server without GetSessionMessage, or why not. */
function exercised(plan: ReadPlan): true | string {
  if (!plan.olderServer) return `the server has GetSessionMessage (its first read answers ${plan.firstAnswer}): it is not an older server`
  if (!plan.replyCut) return 'the view does not cut the reply: there is no marker to keep'
  if (!plan.finalCut) return 'the settling reply is not the cut one: the output shows no cut reply'
  return true
}

/** recovery/older-server-keeps-marker: against a server without GetSessionMessage the client keeps the cut text and its marker, says so, and exits 0. */
export const olderServerKeepsMarker = defineContract<SessionClientHistory>({
  id: 'recovery/older-server-keeps-marker',
  statement: 'Against an older server without GetSessionMessage the client keeps the cut reply with its marker, says the reply is cut, and still exits 0.',
  from: ['DEP-8516'],
  port: 'session-client',
  exercisedBy: (scenario) => exercised(scenarioReadPlan(scenario)),
  check(history) {
    const run = sessionRun(history)
    applies(exercised(readPlan(run.given, run.oracle)))
    const result = clientResult(run)
    const r = run.reply
    const problems = [
      result.exitCode !== 0 && `exited ${result.exitCode}`,
      !r && 'printed no reply',
      r && !r.cut && 'did not print the cut text with its marker',
      r && !r.saysCut && 'did not say the reply is cut',
    ].filter(Boolean)
    if (problems.length > 0 || !r) return broken(`against an older server the client ${problems.join(', ')}`, describeReply(run))
    const marker = markerIn(r.text)?.bytes ?? run.oracle.replyTruncatedBytes
    const reads = readsOf(run, run.oracle.replyId)
    const tried = reads.length > 0 ? `after ${describeReads(reads)}` : 'without a GetSessionMessage read'
    const printed =
      run.given.output === 'json'
        ? `${count(r.bytes)}-byte cut reply printed with its [${count(marker)} bytes truncated] marker and "replyCut": true`
        : `${count(r.bytes)}-byte transcript keeps the cut reply with its [${count(marker)} bytes truncated] marker and says it is cut`
    return held(`${printed}, exit 0, ${tried}`, {
      exitCode: 0,
      printedBytes: r.bytes,
      marker,
      saysCut: true,
      reads: reads.length,
      answers: reads.map((x) => x.answer),
    })
  },
})

/** Checks recovery/older-server-keeps-marker (returns the result). */
export const checkOlderServerKeepsMarker = olderServerKeepsMarker.check
/** Asserts recovery/older-server-keeps-marker (throws unless held). */
export const assertOlderServerKeepsMarker = olderServerKeepsMarker.assert
