import type { SessionClientHistory } from '#harness/history/history.ts'
import { byReadPlan } from '#harness/contracts/session/by-read-plan.ts'
import { broken, defineContract, held, unknownInTime } from '#harness/contracts/contract.ts'
import { deadlineCameEarly } from '#harness/contracts/session/no-time-after.ts'
import { count } from '#harness/contracts/session/session-run.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'
import { expectedTranscript, transcriptDifference } from '#harness/contracts/session/expected-transcript.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import type { SessionClientResult } from '#harness/ports/session-client-port.ts'
import { quoted, textDifference, visible, visibleJson } from '#harness/contracts/text-difference.ts'

/** The keys of the JSON output, exactly. */
const jsonKeys = ['reply', 'replyCut', 'sessionId', 'status']

/** Whether a correct client ends with output to judge (exit 0) or a failure to judge (exit 1), or why not (exit 2). */
function exercised(plan: ReadPlan): true | string {
  if (plan.expectedExit === 2) return 'the deadline passes before the turn settles: the client exits 2 (recovery/deadline-is-timeout judges it)'
  return true
}

/** A JSON value where a text is due, as a problem names it: `"session-1\u{200B}", not "session-1" (first different at byte 9)`. */
function said(value: unknown, due: string): string {
  const d = typeof value === 'string' ? textDifference(due, value) : undefined
  return `${typeof value === 'string' ? quoted(value) : visibleJson(value, 80)}, not ${quoted(due)}${d ? ` (first different at byte ${d.byte})` : ''}`
}

/** The JSON output: exactly one line, one object with exactly the four keys, `replyCut` true exactly when the reply is the cut text. */
function judgeJson(run: SessionRun, result: SessionClientResult): ContractResult {
  const out = result.stdout
  const lines = out.endsWith('\n') ? out.slice(0, -1).split('\n') : out.split('\n')
  const shown = (s: string) => visible(s.length > 60 ? `${s.slice(0, 57)}...` : s)
  if (out === '') return broken(`the client exited ${result.exitCode} and printed nothing: the JSON output is one line`, { exitCode: result.exitCode, stdout: '' })
  if (lines.length !== 1 || !out.endsWith('\n')) {
    return broken(`stdout holds ${lines.length} line${lines.length === 1 ? '' : 's'}${out.endsWith('\n') ? '' : ' with no newline at its end'}: the JSON output is exactly one line, and nothing else`, { lines: lines.length, first: shown(lines[0] ?? '') })
  }
  let object: unknown
  try {
    object = JSON.parse(lines[0])
  } catch {
    return broken('stdout is one line that is not JSON', { line: shown(lines[0]) })
  }
  if (typeof object !== 'object' || object === null || Array.isArray(object)) return broken('stdout is JSON but not one object', { line: shown(lines[0]) })
  const o = object as Record<string, unknown>
  const keys = Object.keys(o).sort()
  const problems = [
    keys.join(',') !== jsonKeys.join(',') && `keys ${keys.join(', ') || 'none'} (exactly ${jsonKeys.join(', ')} are due)`,
    o.sessionId !== run.oracle.watchedSessionId && `sessionId ${said(o.sessionId, run.oracle.watchedSessionId)}`,
    o.status !== 'done' && `status ${said(o.status, 'done')}`,
    typeof o.reply !== 'string' && 'a reply that is not a string',
    typeof o.replyCut !== 'boolean' && 'a replyCut that is not true or false',
  ].filter((p): p is string => typeof p === 'string')
  if (problems.length > 0) return broken(`the JSON output has ${problems.join('; ')}`, { keys, sessionId: o.sessionId, status: o.status, replyCut: o.replyCut })
  const whole = run.oracle.finalReplyWhole
  const view = run.oracle.finalReplyId === run.oracle.replyId ? run.oracle.replyView : whole
  const saysCut = o.reply === whole ? false : o.reply === view ? true : undefined
  if (saysCut !== undefined && o.replyCut !== saysCut) {
    return broken(`"replyCut": ${o.replyCut} with the ${saysCut ? 'cut' : 'whole'} reply: it is true exactly when the reply is the cut text`, { replyCut: o.replyCut, replyBytes: Buffer.byteLength(o.reply as string, 'utf8'), cut: saysCut })
  }
  const bytes = Buffer.byteLength(o.reply as string, 'utf8')
  return held(`one JSON line with exactly sessionId, status "done", reply (${count(bytes)} bytes) and "replyCut": ${o.replyCut}, nothing else on stdout`, { lines: 1, keys, replyBytes: bytes, replyCut: o.replyCut })
}

/** The text output: exactly the transcript, each message once in order of first appearance, a reply that stays cut followed by its cut line. */
function judgeText(run: SessionRun, plan: ReadPlan, result: SessionClientResult): ContractResult {
  if (result.stdout === '') return broken(`the client exited ${result.exitCode} and printed nothing: the transcript is due`, { exitCode: result.exitCode, stdout: '' })
  const due = expectedTranscript(run, plan)
  const difference = transcriptDifference(result.stdout, due.entries)
  if (difference) return broken(`the transcript differs at line ${difference.line}${difference.column ? `, column ${difference.column}` : ''} (byte ${difference.byte}): ${difference.due} is due, the client printed ${difference.printed}`, difference)
  const lines = result.stdout.slice(0, -1).split('\n')
  const cutLines = lines.filter((l) => l.startsWith('[reply cut: ')).length
  const cut = cutLines > 0 ? `, the cut reply followed by its [reply cut: …] line` : ''
  return held(`the transcript is exactly the ${due.entries.length} messages, each once in order of first appearance (${count(Buffer.byteLength(result.stdout, 'utf8'))} bytes, ${count(lines.length)} lines)${cut}`, {
    messages: due.entries.length,
    lines: lines.length,
    bytes: Buffer.byteLength(result.stdout, 'utf8'),
    cutLines,
  })
}

/**
 * A watch that fails with an error that is no cut (an unknown session, a permanent end-of-stream error): exit 1 with
 * the reason on stderr. Only the failing call's error counts: a client that gave up at a transient one before it exited
 * 1 too early, and never saw the error that is due.
 */
function judgeFailure(run: SessionRun, plan: ReadPlan, result: SessionClientResult): ContractResult {
  const failing = plan.watchFailure
  const refused = run.events.find((e) => e.type === 'end' && e.error !== null && (!failing || (e.watch === failing.watch && e.error === failing.code)))
  const error = refused?.type === 'end' ? refused.error : null
  const stderr = result.stderr.trim()
  if (result.exitCode === 1 && error && stderr !== '') {
    return held(`the watch of ${run.oracle.watchedSessionId} answered ${error}; the client exited 1 with the reason on stderr: ${quoted(stderr.split('\n').at(-1)!)}`, { exitCode: 1, watchError: error, stderrLines: stderr.split('\n').length })
  }
  const why = !error ? (failing ? `never reached it (its watch calls ended: ${endsOf(run)})` : 'never watched the session') : result.exitCode !== 1 ? `exited ${result.exitCode}` : 'wrote no reason on stderr'
  const fails = failing ? `watch call ${failing.watch} ends with the permanent error ${failing.code}` : `the session ${run.oracle.watchedSessionId} is unknown: ${error ?? 'not_found'}`
  return broken(`the watch fails (${fails}) and the client ${why}; exit 1 with the reason on stderr is due`, {
    exitCode: result.exitCode,
    watchError: error,
    stdout: visible(result.stdout.slice(0, 80)),
    stderr: visible(stderr.split('\n').slice(-2).join('\n')),
  })
}

/** How each watch call of the run ended, as the server saw it: `1 end-stream unavailable, 2 client-closed`. */
function endsOf(run: SessionRun): string {
  const ends = run.events.flatMap((e) => (e.type === 'end' ? [`${e.watch} ${e.how}${e.error ? ` ${e.error}` : ''}`] : []))
  return ends.length ? ends.join(', ') : 'none'
}

/**
 * output/form-exact: what the client prints, and how it exits where no deadline passes, take the documented forms —
 * JSON one line with exactly four keys; text the transcript, each message once; exit 1 with a reason when the watch
 * fails with an error that is no cut.
 */
export const outputFormExact = defineContract<SessionClientHistory>({
  id: 'output/form-exact',
  statement:
    'The output takes its documented form: JSON is one line holding exactly sessionId, status "done", reply and replyCut (true exactly when the reply is the cut text); text is the transcript, every message once in order of first appearance as <role>: <text>, a reply that stays cut followed by [reply cut: <why>]; a watch that fails with an error that is no cut exits 1 with the reason on stderr.',
  from: ['DEP-8516'],
  port: 'session-client',
  ...byReadPlan(exercised, (run, plan, result) => {
    const early = deadlineCameEarly(run, result)
    if (early) return unknownInTime(`the client exited 2 at its deadline, but ${early}: the output it would have printed cannot be told from this run`)
    if (plan.expectedExit === 1) return judgeFailure(run, plan, result)
    return run.given.output === 'json' ? judgeJson(run, result) : judgeText(run, plan, result)
  }),
})

/** Checks output/form-exact (returns the result). */
export const checkOutputFormExact = outputFormExact.check
/** Asserts output/form-exact (throws unless held). */
export const assertOutputFormExact = outputFormExact.assert
