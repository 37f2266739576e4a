import type { ReadAnswer } from '#harness/servers/session-server/session-script.ts'
import type { SessionGiven, SessionOracle } from '#harness/drivers/session-client/build-session.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import { watchCut } from '#harness/contracts/session/watch-cut.ts'
import type { WatchCut } from '#harness/contracts/session/watch-cut.ts'
import type { ScenarioOf } from '#harness/contracts/contract.ts'

/** The most whole-message reads a correct client makes of one message: 3 tries a round, the first round and 3 more. */
export const readBudget = 12

/** The most tries a correct client makes in one round (between two frames). */
export const triesPerRound = 3

/** What the scenario's read script and faults mean for a correct client, decided from the scenario alone. */
export interface ReadPlan {
  /** The view cut the awaited reply. */
  replyCut: boolean
  /** The awaited reply is the settling frame's reply and the view cut it. */
  finalCut: boolean
  /** How the first GetSessionMessage call answers. */
  firstAnswer: ReadAnswer
  /** The first of the reads a correct client may make of a message that answers `ok` (0-based), or -1: none does. */
  firstOk: number
  /** The server has no GetSessionMessage (its first answer is `unimplemented`). */
  olderServer: boolean
  /** The first answers fail transiently (`unavailable`, `internal`, `hang`). */
  transientFirst: boolean
  /** How many reads in a row hang from the first one (at most the read budget). */
  leadingHangs: number
  /** Every read the client can make before its deadline hangs: a read is open at the deadline. */
  openAtDeadline: boolean
  /** The output shows the awaited reply: it is the settling frame's, or the output is the whole transcript. */
  shown: boolean
  /** A correct client ends with the whole awaited reply (the view cut it, and the server can read it in time). */
  wholeReachable: boolean
  /** A correct client prints the settling frame's reply whole: it was never cut, or it can be read whole. */
  finalWholeExpected: boolean
  /** The fault that ends the first watch under the client before its settling frame is written, if one does. */
  watchCut: WatchCut | undefined
}

/**
 * Decides what a correct client must end with in a run, from the scenario's `given` (its reads, deadlines, reply and
 * faults): from the scenario alone (`exercisedBy`), or with the oracle a History recorded (a check).
 */
export function readPlan(given: SessionGiven, oracle: SessionOracle = servedSession(given).oracle): ReadPlan {
  const { reads, timeoutMs, tryTimeoutMs } = given
  const answer = (i: number) => reads[Math.min(i, reads.length - 1)]
  const replyCut = oracle.replyTruncatedBytes > 0
  const finalCut = replyCut && oracle.finalReplyId === oracle.replyId
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
  const shown = finalCut || given.output === 'text' // JSON shows only the settling frame's reply
  const wholeReachable = replyCut && shown && firstOk >= 0 && !blocked && !openAtDeadline
  return {
    replyCut,
    finalCut,
    firstAnswer: answer(0),
    firstOk,
    olderServer,
    transientFirst,
    leadingHangs,
    openAtDeadline,
    shown,
    wholeReachable,
    finalWholeExpected: !openAtDeadline && (!finalCut || wholeReachable),
    watchCut: watchCut(given),
  }
}

/** The read plan of a session-client scenario, from its `given` alone (what `exercisedBy` decides from). */
export function scenarioReadPlan(scenario: ScenarioOf<'session-client'>): ReadPlan {
  return readPlan(scenario.given as SessionGiven)
}
