import type { SessionScript } from '#harness/servers/session-server/session-script.ts'
import type { ReadOutcomeName } from '#harness/servers/session-server/server-event.ts'
import { connectError } from '#harness/servers/session-server/connect-error.ts'

/** How the server answers one GetSessionMessage call: a unary reply (status and JSON body), `hang` (no answer), or `drop` (its connection dropped). */
export type ReadReply =
  | { answer: Exclude<ReadOutcomeName, 'hang' | 'drop'>; messageId: string | null; status: number; body: unknown }
  | { answer: 'hang'; messageId: string | null }
  | { answer: 'drop'; messageId: string | null }

/** Answers the `call`-th GetSessionMessage call (1-based) for a decoded request, from the script's list of answers. */
export function answerRead(script: SessionScript, call: number, request: unknown): ReadReply {
  // The call takes `script.reads[call - 1]`, the last one repeating (`ok` when the list is empty). `unimplemented`
  // (the older server) answers before the request is looked at; otherwise a bad request is `invalid_argument`, and
  // for `ok` an unknown session or message is `not_found`.
  const scripted = script.reads.length === 0 ? 'ok' : script.reads[Math.min(call, script.reads.length) - 1]
  const { sessionId, messageId } = (typeof request === 'object' && request !== null ? request : {}) as Record<string, unknown>
  const id = typeof messageId === 'string' ? messageId : null
  const error = (code: Exclude<ReadOutcomeName, 'ok' | 'hang' | 'drop'>, message: string): ReadReply => ({ answer: code, messageId: id, ...connectError(code, message) })
  if (scripted === 'unimplemented') return error('unimplemented', 'GetSessionMessage is not implemented by this server')
  if (typeof sessionId !== 'string' || id === null) return error('invalid_argument', 'sessionId and messageId must be strings')
  switch (scripted) {
    case 'hang':
      return { answer: 'hang', messageId: id }
    case 'drop':
      return { answer: 'drop', messageId: id }
    case 'unavailable':
      return error('unavailable', 'the session store is unavailable (scripted)')
    case 'internal':
      return error('internal', 'the session store failed (scripted)')
    case 'deadline_exceeded':
      return error('deadline_exceeded', 'the session store did not answer in time (scripted)')
    case 'unknown':
      return error('unknown', 'the session store failed in a way it cannot name (scripted)')
    case 'aborted':
      return error('aborted', 'the read was aborted by a concurrent change to the session (scripted)')
    case 'canceled':
      return error('canceled', 'the session store canceled the read (scripted)')
    case 'not_found':
      return error('not_found', `message ${JSON.stringify(id)} is gone from the session store (scripted)`)
    case 'ok': {
      const message = sessionId === script.sessionId && Object.hasOwn(script.wholeMessages, id) ? script.wholeMessages[id] : undefined
      if (message === undefined) return error('not_found', `no message ${JSON.stringify(id)} in session ${JSON.stringify(sessionId)}`)
      return { answer: 'ok', messageId: id, status: 200, body: { message } }
    }
  }
}
