import type { ReadAnswer } from '#harness/servers/session-server/session-script.ts'
import type { SessionGiven, SessionOracle } from '#harness/drivers/session-client/build-session.ts'
import { servedSession } from '#harness/contracts/session/served-session.ts'
import { settlingDelayMs, watchCut } from '#harness/contracts/session/watch-cut.ts'
import type { WatchCut } from '#harness/contracts/session/watch-cut.ts'
import { watchFailure } from '#harness/contracts/session/watch-failure.ts'
import { reconnectsOutlastDeadline } from '#harness/contracts/session/reconnect-plan.ts'
import type { WatchFailure } from '#harness/contracts/session/watch-failure.ts'
import type { ScenarioOf } from '#harness/contracts/contract.ts'

/** The most whole-message reads a correct client makes of one message: 3 tries a round, the first round and 3 more. */
export const readBudget = 12

/** The most tries a correct client makes in one round (between two frames). */
export const triesPerRound = 3

/** The answers of a read that fail transiently (docs/session-client-port.md): the client tries again. */
export const transientAnswers: ReadonlySet<ReadAnswer> = new Set(['unavailable', 'internal', 'deadline_exceeded', 'unknown', 'aborted', 'canceled', 'hang', 'drop'])

/** The answers of a read that fail permanently: the message is never read again, its cut text kept. */
export const permanentAnswers: ReadonlySet<ReadAnswer> = new Set(['not_found'])

/** The exit code a correct client ends with: 0 the turn settled, 1 the watch failed, 2 the deadline passed first. */
export type ExpectedExit = 0 | 1 | 2

/** What the scenario's read script and faults mean for a correct client, decided from the scenario alone. */
export interface ReadPlan {
  /** The client watches the session the server serves (else the watch answers `not_found`). */
  sessionKnown: boolean
  /** The view cut the awaited reply. */
  replyCut: boolean
  /** The awaited reply is the settling frame's reply and the view cut it. */
  finalCut: boolean
  /** How the first GetSessionMessage call answers. */
  firstAnswer: ReadAnswer
  /** The first of the reads a correct client may make of a message that answers `ok` (0-based), or -1: none does. */
  firstOk: number
  /** The first read that fails permanently (0-based), before any `ok`, or -1. */
  firstPermanent: number
  /** The server has no GetSessionMessage (its first answer is `unimplemented`). */
  olderServer: boolean
  /** The first answers fail transiently (`unavailable`, `internal`, `deadline_exceeded`, `unknown`, `aborted`, `canceled`, `hang`, `drop`). */
  transientFirst: boolean
  /**
   * How many of the tries a correct client surely makes of the awaited reply hang, each for its whole limit: of the
   * settling frame's reply, every try before the first that answers `ok` or fails permanently (its rounds all come
   * before the wait ends; at most the read budget); of an earlier reply, the hangs in a row from the first try.
   */
  hungTries: number
  /** The hung tries alone outlast the deadline: it passes while the client is still reading the cut reply. */
  openAtDeadline: boolean
  /** Delays hold the settling frame back until the deadline: the watch is open when it passes. */
  watchOutlastsDeadline: boolean
  /** The reconnect waits due (and delays) before the settling frame reach the deadline: it passes while the client reconnects. */
  reconnectsOutlastDeadline: boolean
  /** The output shows the awaited reply: it is the settling frame's, or the output is the whole transcript. */
  shown: boolean
  /** A correct client ends with the whole awaited reply (the view cut it, and the server can read it in time). */
  wholeReachable: boolean
  /** A correct client prints the settling frame's reply whole: it was never cut, or it can be read whole. */
  finalWholeExpected: boolean
  /** How a correct client exits. */
  expectedExit: ExpectedExit
  /** The fault that ends the first watch under the client before its settling frame is written, if one does. */
  watchCut: WatchCut | undefined
  /** The permanent end-of-stream error that fails the watch before its settling frame, if one does: the client exits 1. */
  watchFailure: WatchFailure | undefined
}

/**
 * Decides what a correct client must end with in a run, from the scenario's `given` (its reads, deadlines, reply and
 * faults): from the scenario alone (`exercisedBy`), or with the oracle a History recorded (a check).
 */
export function readPlan(given: SessionGiven, oracle: SessionOracle = servedSession(given).oracle): ReadPlan {
  const { reads, timeoutMs, tryTimeoutMs } = given
  const answer = (i: number) => reads[Math.min(i, reads.length - 1)]
  const sessionKnown = given.session !== 'unknown'
  const replyCut = sessionKnown && oracle.replyTruncatedBytes > 0
  const finalCut = replyCut && oracle.finalReplyId === oracle.replyId
  const olderServer = answer(0) === 'unimplemented'
  const firstOf = (wanted: (a: ReadAnswer) => boolean) => Array.from({ length: readBudget }, (_, i) => i).find((i) => wanted(answer(i))) ?? -1
  const firstOk = firstOf((a) => a === 'ok')
  const firstBlocking = firstOf((a) => a === 'unimplemented' || permanentAnswers.has(a))
  const blocked = firstBlocking >= 0 && (firstOk < 0 || firstBlocking < firstOk)
  const firstPermanent = blocked && permanentAnswers.has(answer(firstBlocking)) ? firstBlocking : -1
  const transientFirst = transientAnswers.has(answer(0))
  const hungTries = hungTriesWithin(given, finalCut, readBudget)
  const openAtDeadline = replyCut && hungTries * tryTimeoutMs >= timeoutMs
  const watchOutlastsDeadline = sessionKnown && settlingDelayMs(given) >= timeoutMs
  const reconnectsLate = sessionKnown && !watchOutlastsDeadline && reconnectsOutlastDeadline(given)
  const shown = finalCut || given.output === 'text' // JSON shows only the settling frame's reply
  const failure = sessionKnown ? watchFailure(given) : undefined
  const wholeReachable = replyCut && shown && firstOk >= 0 && !blocked && !openAtDeadline && !watchOutlastsDeadline && !reconnectsLate && !failure
  const expectedExit: ExpectedExit = !sessionKnown || failure ? 1 : openAtDeadline || watchOutlastsDeadline || reconnectsLate ? 2 : 0
  return {
    sessionKnown,
    replyCut,
    finalCut,
    firstAnswer: answer(0),
    firstOk: blocked ? -1 : firstOk,
    firstPermanent,
    olderServer,
    transientFirst,
    hungTries,
    openAtDeadline,
    watchOutlastsDeadline,
    reconnectsOutlastDeadline: reconnectsLate,
    shown,
    wholeReachable,
    finalWholeExpected: expectedExit === 0 && (!finalCut || wholeReachable),
    expectedExit,
    watchCut: sessionKnown ? watchCut(given) : undefined,
    watchFailure: failure,
  }
}

/**
 * How many of a correct client's first `tries` tries of the awaited reply surely hang (see `ReadPlan.hungTries`): of
 * the settling frame's reply (`settlingReply`), each `hang` before the first `ok` or permanent answer; of an earlier
 * one, which gets a round a frame, only the hangs in a row from the first try.
 */
export function hungTriesWithin(given: Pick<SessionGiven, 'reads'>, settlingReply: boolean, tries: number): number {
  const { reads } = given
  let hung = 0
  for (let i = 0; i < Math.min(tries, readBudget); i++) {
    const answer = reads[Math.min(i, reads.length - 1)]!
    if (answer === 'hang') hung++
    else if (!settlingReply || !transientAnswers.has(answer)) break
  }
  return hung
}

const planned = new WeakMap<object, ReadPlan>()

/** The read plan of a session-client scenario, from its `given` alone (what `exercisedBy` decides from), made once per scenario. */
export function scenarioReadPlan(scenario: ScenarioOf<'session-client'>): ReadPlan {
  let plan = planned.get(scenario)
  if (!plan) {
    plan = readPlan(scenario.given as SessionGiven)
    planned.set(scenario, plan)
  }
  return plan
}

/** Why a correct client prints no settled output in this scenario, or undefined when it does (exit 0). */
export function noOutputReason(plan: ReadPlan): string | undefined {
  if (plan.watchFailure) return `watch call ${plan.watchFailure.watch} ends with the permanent error ${plan.watchFailure.code} before the turn settles: the watch fails and the client exits 1`
  if (plan.expectedExit === 1) return 'the session is unknown to the server: the watch fails and the client exits 1'
  if (plan.openAtDeadline) return `the reads of the cut reply hang past the deadline (${plan.hungTries} hung tries): the client must time out, not print it`
  if (plan.watchOutlastsDeadline) return 'the settling frame is held back past the deadline: the client must time out'
  if (plan.reconnectsOutlastDeadline) return 'the reconnect waits due before the settling frame reach past the deadline: the client must time out'
  return undefined
}
