import type { SessionFrame, SessionMessage, SessionScript, ReadAnswer, WatchFault } from '#harness/servers/session-server/session-script.ts'
import { cutToView } from '#harness/drivers/session-client/cut-to-view.ts'
import { resolveReply, type ReplySpec } from '#fixtures/replies/resolve-reply.ts'

/** The session a scenario describes, as the scenario file gives it (defaults applied by the schema). */
export interface SessionGiven {
  /** A named reply, or a generated one by its shape (placed against `viewLimitBytes` when it gives a cut). */
  reply: ReplySpec
  /** `unknown`: the client is asked to watch a session the server does not have. */
  session: 'known' | 'unknown'
  viewLimitBytes: number
  viewMessages: number
  framesBefore: number
  framesAfter: number
  laterTurns: number
  /** Whether each later turn's prompt first shows in the frame after its answer's (written to the view late): the order the messages first appear in then differs from their own. */
  promptsLate?: boolean
  reads: ReadAnswer[]
  faults: WatchFault[]
  timeoutMs: number
  tryTimeoutMs: number
  output: 'json' | 'text'
}

/** What a correct client ends with, and what the server served: the oracle of a session-client History. */
export interface SessionOracle {
  sessionId: string
  /** The session the client is asked to watch: the served one, or one the server does not have. */
  watchedSessionId: string
  /** The id of the awaited reply (the long one) and its whole text. */
  replyId: string
  replyWhole: string
  /** The awaited reply as the view shows it (cut, with its marker, when over the limit). */
  replyView: string
  replyTruncatedBytes: number
  /** The reply of the settling frame (the last assistant message it shows), whole, and whether it is the awaited one. */
  finalReplyId: string
  finalReplyWhole: string
  /** Every frame's cursor, in order. */
  cursors: string[]
  /** For each frame, the ids of the messages its view holds. */
  views: string[][]
}

/** Builds the script the session server serves and the oracle the contracts compare against, from a scenario's `given`. */
export function buildSession(given: SessionGiven, sessionId = 'session-1'): { script: SessionScript; oracle: SessionOracle } {
  const reply = resolveReply(given.reply, given.viewLimitBytes)
  const whole: SessionMessage[] = []
  const add = (role: SessionMessage['role'], text: string) => {
    const message = { id: `m-${whole.length + 1}`, role, text }
    whole.push(message)
    return message
  }
  const frames: SessionFrame[] = []
  let late: SessionMessage | undefined
  const frame = (status: SessionFrame['status']) => {
    const visible = whole.filter((m) => m !== late).slice(-given.viewMessages).map((m): SessionMessage => {
      const cut = cutToView(m.text, given.viewLimitBytes)
      return cut.truncatedBytes > 0 ? { ...m, text: cut.text, truncatedBytes: cut.truncatedBytes } : { ...m }
    })
    frames.push({ cursor: `c-${String(frames.length + 1).padStart(4, '0')}`, status, messages: visible })
  }
  add('user', reply.prompt)
  for (let i = 0; i < given.framesBefore; i++) frame('running')
  const awaited = add('assistant', reply.text)
  for (let i = 0; i < given.framesAfter; i++) frame('running')
  for (let t = 1; t <= given.laterTurns; t++) {
    const prompt = add('user', `And turn ${t + 1}?`)
    if (given.promptsLate) late = prompt
    else frame('running')
    add('assistant', `Turn ${t + 1} done.`)
    frame('running')
    if (given.promptsLate) {
      late = undefined
      frame('running')
    }
  }
  frame('done')
  const final = frames[frames.length - 1].messages.filter((m) => m.role === 'assistant').at(-1)!
  const view = cutToView(reply.text, given.viewLimitBytes)
  return {
    script: { sessionId, frames, wholeMessages: Object.fromEntries(whole.map((m) => [m.id, m])), reads: given.reads, faults: given.faults },
    oracle: {
      sessionId,
      watchedSessionId: given.session === 'unknown' ? `${sessionId}-unknown` : sessionId,
      replyId: awaited.id,
      replyWhole: reply.text,
      replyView: view.text,
      replyTruncatedBytes: view.truncatedBytes,
      finalReplyId: final.id,
      finalReplyWhole: whole.find((m) => m.id === final.id)!.text,
      cursors: frames.map((f) => f.cursor),
      views: frames.map((f) => f.messages.map((m) => m.id)),
    },
  }
}
