import { servedSession } from '#harness/contracts/session/served-session.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'
import type { ServerEvent, ServerRead } from '#harness/servers/session-server/server-event.ts'
import type { SessionClientResult } from '#harness/ports/session-client-port.ts'
import type { SessionGiven, SessionOracle } from '#harness/drivers/session-client/build-session.ts'
import { need } from '#harness/contracts/contract.ts'
import { visible } from '#harness/contracts/text-difference.ts'

/** The reply a client printed, as the kit reads it from its output, and how it compares with the whole and the cut text. */
export interface PrintedReply {
  /** JSON output: the `reply` field; text output: the whole stdout. */
  text: string
  /** What the client said of it: JSON `replyCut`, or a `[reply cut…]` line in a transcript. */
  saysCut: boolean
  whole: boolean
  cut: boolean
  /** UTF-8 bytes of the reply (JSON) or of the stdout (text), its last line, and how many lines carry a truncation marker. */
  bytes: number
  lastLine: string
  markerLines: number
}

/** A session-client run as the contracts read it: the scenario's given, the oracle, the server's events and the client's result. */
export interface SessionRun {
  given: SessionGiven
  oracle: SessionOracle
  events: ServerEvent[]
  /** When the kit recorded each server event (ms from the start of the run), parallel to `events`. */
  times: number[]
  /** When the kit started the client (its `session-client.run` invoke, same clock), if it did: its deadline began no earlier. */
  startedMs?: number
  /** When the client's run ended (its completion, same clock), if it did. */
  endedMs?: number
  result?: SessionClientResult
  reply?: PrintedReply
}

const markerPattern = /\[(\d+) bytes truncated\]/

/** Reads a session-client History: the server events in order, the client's result and the reply it printed. */
export function sessionRun(history: SessionClientHistory): SessionRun {
  const cached = cache.get(history)
  if (cached) return cached
  const given = history.given as unknown as SessionGiven
  const oracle = history.oracle as unknown as SessionOracle
  const notes = history.events.flatMap((e) => (e.type === 'note' && e.what === 'server' ? [e] : []))
  const events = notes.map((e) => e.value as ServerEvent)
  const times = notes.map((e) => e.time)
  const invoke = history.events.find((e) => e.type === 'invoke' && e.f === 'session-client.run')
  const completion = history.events.find((e) => e.type === 'ok' && e.f === 'session-client.run')
  const result = completion && 'value' in completion ? (completion.value as SessionClientResult) : undefined
  const run: SessionRun = { given, oracle, events, times, ...(invoke ? { startedMs: invoke.time } : {}), ...(completion ? { endedMs: completion.time } : {}), ...(result ? { result, reply: printedReply(result, given, oracle) } : {}) }
  cache.set(history, run)
  return run
}

const cache = new WeakMap<SessionClientHistory, SessionRun>()

function printedReply(result: SessionClientResult, given: SessionGiven, oracle: SessionOracle): PrintedReply | undefined {
  const whole = oracle.finalReplyWhole
  const view = oracle.finalReplyId === oracle.replyId ? oracle.replyView : whole
  if (given.output === 'json') {
    const object = lastJsonObject(result.stdout)
    if (typeof object?.reply !== 'string') return undefined
    const text = object.reply
    return measured(text, object.replyCut === true, text === whole, text === view && view !== whole)
  }
  return transcriptReply(result.stdout, given, oracle, true)
}

/** A transcript measured as the reply: whole when it holds the settling reply whole (and the awaited one, when `awaitedWhole`). */
function transcriptReply(out: string, given: SessionGiven, oracle: SessionOracle, awaitedWhole: boolean): PrintedReply {
  const replyView = oracle.replyView
  // a cut prompt printed as the view shows it keeps the view's marker: that marker is no reply's
  const prompts = cutPromptViews(given)
  const markersIn = prompts.length === 0 ? out : prompts.reduce((text, view) => text.replace(view, ''), out)
  const whole = (!awaitedWhole || out.includes(oracle.replyWhole)) && out.includes(oracle.finalReplyWhole)
  return measured(out, /^\[reply cut/m.test(out), whole, replyView !== oracle.replyWhole && out.includes(replyView), markersIn)
}

/**
 * The settling reply of a text transcript judged on its own, when an earlier awaited reply stays cut as the docs ask
 * (an older server, reads that all fail): that reply's cut text, its marker and its `[reply cut: …]` line are taken
 * out, so they count against it alone, never against the settling reply. Else the printed reply as it is.
 */
export function settlingReplyAlone(run: SessionRun): PrintedReply | undefined {
  const { result, given, oracle } = run
  if (!result || given.output !== 'text' || oracle.finalReplyId === oracle.replyId) return run.reply
  const out = result.stdout
  const view = `assistant: ${oracle.replyView}\n`
  const at = out.indexOf(view)
  if (at < 0) return run.reply
  const rest = out.slice(0, at) + out.slice(at + view.length).replace(/^\[reply cut[^\n]*\n/, '')
  return transcriptReply(rest, given, { ...oracle, replyView: oracle.replyWhole }, false)
}

/** The transcript text of each message the view cut that is no assistant's (a long prompt), as its view shows it: `<role>: <text>`. */
function cutPromptViews(given: SessionGiven): string[] {
  const latest = new Map<string, { role: string; text: string; truncatedBytes?: number }>()
  for (const frame of servedSession(given).script.frames) for (const message of frame.messages) latest.set(message.id, message)
  return [...latest.values()].filter((m) => m.role !== 'assistant' && (m.truncatedBytes ?? 0) > 0).map((m) => `${m.role}: ${m.text}`)
}

function measured(text: string, saysCut: boolean, whole: boolean, cut: boolean, markersIn = text): PrintedReply {
  const lines = text.replace(/\n$/, '').split('\n')
  return { text, saysCut, whole, cut, bytes: Buffer.byteLength(text, 'utf8'), lastLine: lines.at(-1) ?? '', markerLines: markersIn.split('\n').filter((l) => markerPattern.test(l)).length }
}

function lastJsonObject(stdout: string): Record<string, unknown> | undefined {
  for (const line of stdout.split('\n').reverse()) {
    if (!line.trim().startsWith('{')) continue
    try {
      return JSON.parse(line) as Record<string, unknown>
    } catch {
      // not this line
    }
  }
  return undefined
}

/** The truncation marker in a text, if any: its N and where it starts. */
export function markerIn(text: string): { bytes: number; index: number } | undefined {
  const m = markerPattern.exec(text)
  return m ? { bytes: Number(m[1]), index: m.index } : undefined
}

/** A short view of a printed reply for a witness. */
export function describeReply(run: SessionRun): Record<string, unknown> {
  if (!run.result) return { result: 'none' }
  const r = run.reply
  return {
    exitCode: run.result.exitCode,
    ...(r ? { replyBytes: r.bytes, lastLine: visible(r.lastLine.slice(0, 40)), markerLines: r.markerLines, saysCut: r.saysCut } : { reply: 'not found in the output' }),
    expectedBytes: Buffer.byteLength(run.oracle.finalReplyWhole, 'utf8'),
    stderr: run.result.stderr.split('\n').slice(-3).join('\n'),
  }
}

/** The client's result (exit code, stdout, stderr); inside a check, unknown when the History has no answer of the client. */
export function clientResult(run: SessionRun): SessionClientResult {
  return need(run.result, 'the client never answered: the History has no session-client.run result')
}

/** The GetSessionMessage reads the server recorded of one message, in order, with their answers. */
export function readsOf(run: SessionRun, messageId: string): ServerRead[] {
  return run.events.flatMap((e) => (e.type === 'read' && e.messageId === messageId ? [e] : []))
}

/** A count with thousands separators, for evidence lines. */
export function count(n: number): string {
  return n.toLocaleString('en-US')
}

/** "1 GetSessionMessage read (ok)" / "4 GetSessionMessage reads (unavailable ×3, ok)": how many, and their answers in order. */
export function describeReads(reads: ReadonlyArray<{ answer: string }>): string {
  const runs: Array<[string, number]> = []
  for (const { answer } of reads) {
    const last = runs.at(-1)
    if (last?.[0] === answer) last[1]++
    else runs.push([answer, 1])
  }
  const answers = runs.map(([answer, n]) => (n > 1 ? `${answer} ×${count(n)}` : answer)).join(', ')
  return `${count(reads.length)} GetSessionMessage read${reads.length === 1 ? '' : 's'}${answers ? ` (${answers})` : ''}`
}
