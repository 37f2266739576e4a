import type { SessionClientHistory } from '#harness/history/history.ts'
import { applies, broken, defineContract, held, unknown, unknownInTime } from '#harness/contracts/contract.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import type { ContractBroken } from '#harness/contracts/contract.ts'
import { clientResult, count, markerIn, sessionRun } from '#harness/contracts/session/session-run.ts'
import { noOutputReason, readPlan, scenarioReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { differenceClause, quoted, textDifference, visible } from '#harness/contracts/text-difference.ts'

/** Whether a correct client prints the settling reply cut, with its marker, in a JSON reply the kit can measure, or why not. */
function exercised(plan: ReadPlan, given: SessionGiven): true | string {
  if (!plan.replyCut) return 'the view does not cut the reply: there is no marker to measure'
  if (!plan.finalCut) return 'the settling reply is not the cut one: the output shows no cut reply'
  const none = noOutputReason(plan)
  if (none) return none
  if (plan.wholeReachable) return 'the cut reply can be read whole: the client prints it with no marker'
  if (given.output !== 'json') return 'text output: the marker is measured in a JSON reply only'
  return true
}

/** A text's marker measured against the whole reply: undefined without a marker, broken when wrong, or what was measured. */
function measure(who: string, text: string, whole: string): undefined | ContractBroken | { verdict: 'exact'; keptBytes: number; marker: number; missing: number } {
  const marker = markerIn(text)
  if (!marker) return undefined
  const kept = text.slice(0, marker.index)
  const keptBytes = Buffer.byteLength(kept, 'utf8')
  const missing = Buffer.byteLength(whole, 'utf8') - keptBytes
  if (!whole.startsWith(kept)) {
    // where the cut text leaves the reply (a split character reads back as U+FFFD there), both sides shown
    const d = textDifference(whole, kept)!
    return broken(`${who} printed a cut text that is not a whole-character prefix of the reply (a split character, or other text): ${differenceClause(d, 'the cut text')}`, { who, keptBytes, marker: marker.bytes, ...d })
  }
  if (marker.bytes !== missing) return broken(`${who} says [${marker.bytes} bytes truncated] but ${missing} bytes are missing`, { who, keptBytes, marker: marker.bytes, missing })
  return { verdict: 'exact', keptBytes, marker: marker.bytes, missing }
}

/**
 * size/view-marker-exact: a cut text — as the view served it and as the client printed it — is a prefix of the whole
 * text that never splits a UTF-8 character, followed by `[N bytes truncated]` where N is exactly the bytes missing.
 */
export const viewMarkerExact = defineContract<SessionClientHistory>({
  id: 'size/view-marker-exact',
  statement: 'A cut reply, as served and as printed, is a whole-character prefix of the reply followed by [N bytes truncated], where N is exactly the number of bytes missing.',
  from: ['DEP-8516'],
  port: 'session-client',
  exercisedBy: (scenario) => exercised(scenarioReadPlan(scenario), scenario.given as SessionGiven),
  check(history) {
    const run = sessionRun(history)
    const whole = run.oracle.replyWhole
    // the view as the kit served it: a check of the kit's own cut, judged in every run, never evidence of the client
    const served = measure('the view', run.oracle.replyView, whole)
    if (served?.verdict === 'broken') return served
    const r = run.given.output === 'json' ? run.reply : undefined
    const printed = r && measure('the client', r.text, whole)
    if (printed?.verdict === 'broken') return printed
    if (printed?.verdict === 'exact') {
      const wholeBytes = Buffer.byteLength(whole, 'utf8')
      return held(`the client's cut reply keeps a whole-character prefix of ${count(printed.keptBytes)} bytes, then [${count(printed.marker)} bytes truncated]: exactly the bytes missing of ${count(wholeBytes)}`, {
        keptBytes: printed.keptBytes,
        marker: printed.marker,
        missing: printed.missing,
        wholeBytes,
      })
    }
    applies(exercised(readPlan(run.given, run.oracle), run.given))
    const result = clientResult(run)
    if (!r) {
      const early = deadlineCameEarly(run, result)
      if (early) return unknownInTime(`the client printed no JSON reply, exiting 2 at its deadline, but ${early}: there is no cut reply to measure`)
      return unknown('the client printed no JSON reply: there is no cut reply to measure')
    }
    const viewPrefix = run.oracle.replyView.slice(0, markerIn(run.oracle.replyView)?.index ?? 0)
    if (r.text !== whole && (whole.startsWith(r.text) || (viewPrefix !== '' && r.text.startsWith(viewPrefix)))) {
      const prefix = whole.startsWith(r.text)
      const kept = prefix ? r.bytes : Buffer.byteLength(viewPrefix, 'utf8')
      const tail = prefix ? '' : r.text.slice(viewPrefix.length)
      return broken(`the client printed a cut reply (${count(kept)} of ${count(Buffer.byteLength(whole, 'utf8'))} bytes) with no [N bytes truncated] marker${tail ? ` (it ends ${quoted(tail, 20)} instead)` : ''}`, { who: 'the client', keptBytes: kept, marker: null, ...(tail ? { endsWith: visible(tail.slice(0, 20)) } : {}) })
    }
    return unknown('the client printed no cut reply with a marker: there is nothing to measure')
  },
})

/** Checks size/view-marker-exact (returns the result). */
export const checkViewMarkerExact = viewMarkerExact.check
/** Asserts size/view-marker-exact (throws unless held). */
export const assertViewMarkerExact = viewMarkerExact.assert
