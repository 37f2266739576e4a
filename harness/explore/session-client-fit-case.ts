import type { ExploredScenario } from '#harness/explore/port-explorer.ts'
import { buildSession, type SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import type { ReadAnswer } from '#harness/servers/session-server/session-script.ts'
import { readPlan, triesPerRound } from '#harness/contracts/session/read-plan.ts'
import { replyPrompt, type ReplySpec } from '#fixtures/replies/resolve-reply.ts'
import { fittedReply, writtenReply } from '#harness/explore/session-client-reply.ts'
import { placeFaults, type DrawnFault } from '#harness/explore/session-client-faults.ts'
import { timedCase, type DrawnTiming } from '#harness/explore/session-client-timing.ts'

/** One case as fast-check draws it, before it is fitted into a scenario (positions scaled, deadlines derived). */
export interface DrawnCase {
  reply: ReplySpec
  viewLimitBytes: number
  viewMessages: number
  framesBefore: number
  framesAfter: number
  laterTurns: number
  /** Each later turn's prompt shown after its answer first (only with later turns). */
  promptsLate: boolean
  reads: ReadAnswer[]
  faults: DrawnFault[]
  timing: DrawnTiming
  output: 'json' | 'text'
  session: 'known' | 'unknown'
}

/** The longest message of later turns ("And turn 4?", "Turn 4 done."): the view never cuts them. */
const laterTurnBytes = 16

/**
 * Fits a drawn case into a scenario file's data: fault positions scaled to the served frames and body, the deadlines
 * of its timing, and the few limits the session contracts' read plan needs to foresee what a correct client does
 * (docs/scenarios.md): only the awaited reply is ever cut (later turns' messages fit the view, and in a transcript the
 * prompt does too); the reply shows on some frame; a transcript never keeps an earlier reply cut (JSON then).
 */
export function fitCase(d: DrawnCase): ExploredScenario<'session-client'> {
  const prompt = Buffer.byteLength(replyPrompt(d.reply), 'utf8')
  const viewLimitBytes = Math.max(d.viewLimitBytes, d.laterTurns > 0 ? laterTurnBytes : 0, d.output === 'text' ? prompt : 0)
  const reply = fittedReply(d.reply, viewLimitBytes)
  // with no frame of its own, the reply shows on the first later turn's frame only if the view holds two messages
  const viewMessages = d.laterTurns > 0 && d.framesAfter === 0 ? Math.max(d.viewMessages, 2) : d.viewMessages
  const promptsLate = d.promptsLate && d.laterTurns > 0
  const shape = { viewMessages, framesBefore: d.framesBefore, framesAfter: d.framesAfter, laterTurns: d.laterTurns, ...(promptsLate ? { promptsLate } : {}) }
  const served = buildSession({ ...shape, reply, viewLimitBytes, session: 'known', reads: ['ok'], faults: [], timeoutMs: 1, tryTimeoutMs: 1, output: d.output } as SessionGiven)
  const bodyBytes = planWatch(served.script, 1, { sessionId: served.script.sessionId }).steps.reduce((n, s) => n + (s.type === 'bytes' ? s.bytes.length : 0), 0)
  const { oracle } = served
  const replyFrame = oracle.views.findIndex((view) => view.includes(oracle.replyId))
  const timed = timedCase(d.timing, {
    faults: placeFaults(d.faults, { frames: oracle.cursors.length, bodyBytes }),
    reads: d.reads,
    replyBytes: Buffer.byteLength(oracle.replyWhole, 'utf8'),
    settlingCut: oracle.replyTruncatedBytes > 0 && oracle.finalReplyId === oracle.replyId,
    replyFrame,
    settlingFrame: oracle.cursors.length - 1,
  })
  const full: SessionGiven = { ...shape, reply, viewLimitBytes, session: d.session, ...timed, output: d.output }
  // an earlier reply gets a round on each frame that shows it, and none before the wait ends
  const plan = readPlan(full)
  const rounds = Math.min(oracle.views.filter((view) => view.includes(oracle.replyId)).length, 4)
  const keptCut = plan.replyCut && !plan.finalCut && !(plan.wholeReachable && plan.firstOk < rounds * triesPerRound)
  const output = d.output === 'text' && keptCut ? 'json' : d.output
  const given = {
    reply: writtenReply(reply),
    ...(d.session === 'unknown' ? { session: 'unknown' } : {}),
    viewLimitBytes,
    ...(viewMessages !== 20 ? { viewMessages } : {}),
    ...(d.framesBefore !== 1 ? { framesBefore: d.framesBefore } : {}),
    ...(d.framesAfter !== 0 ? { framesAfter: d.framesAfter } : {}),
    ...(d.laterTurns !== 0 ? { laterTurns: d.laterTurns } : {}),
    ...(promptsLate ? { promptsLate } : {}),
    ...(timed.reads.length !== 1 || timed.reads[0] !== 'ok' ? { reads: timed.reads } : {}),
    ...(timed.faults.length > 0 ? { faults: timed.faults } : {}),
    timeoutMs: timed.timeoutMs,
    tryTimeoutMs: timed.tryTimeoutMs,
    ...(output !== 'json' ? { output } : {}),
  }
  return { port: 'session-client', given } as unknown as ExploredScenario<'session-client'>
}
