import type { SessionClientHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { describeReply, sessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan } from '#harness/contracts/session/read-plan.ts'

/** recovery/older-server-keeps-marker: against a server without GetSessionMessage the client keeps the cut text and its marker, says so, and exits 0. */
export const olderServerKeepsMarker = defineContract<SessionClientHistory>({
  id: 'recovery/older-server-keeps-marker',
  statement: 'Against an older server without GetSessionMessage the client keeps the cut reply with its marker, says the reply is cut, and still exits 0.',
  from: ['DEP-8516'],
  port: 'session-client',
  check(history) {
    const run = sessionRun(history)
    const plan = readPlan(run)
    if (!plan.olderServer || !plan.finalCut) return held
    const r = run.reply
    const problems = [
      run.result?.exitCode !== 0 && `exited ${run.result?.exitCode}`,
      !r && 'printed no reply',
      r && !r.cut && 'did not print the cut text with its marker',
      r && !r.saysCut && 'did not say the reply is cut',
    ].filter(Boolean)
    return problems.length === 0 ? held : broken(`against an older server the client ${problems.join(', ')}`, describeReply(run))
  },
})

/** Checks recovery/older-server-keeps-marker (returns the result). */
export const checkOlderServerKeepsMarker = olderServerKeepsMarker.check
/** Asserts recovery/older-server-keeps-marker (throws unless held). */
export const assertOlderServerKeepsMarker = olderServerKeepsMarker.assert
