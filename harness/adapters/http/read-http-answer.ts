import type { AdapterFailure } from '#harness/adapters/adapter-error.ts'
import { excerpt } from '#harness/adapters/stdio/excerpt.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import { parseJsonRpcResponse } from '#harness/adapters/stdio/json-rpc-response.ts'

/** One whole HTTP answer to a JSON-RPC request, as read: its status line, its Content-Type and its body. */
export interface HttpAnswer {
  status: number
  statusText: string
  contentType: string | undefined
  body: string
}

/** What an HTTP answer means for the call: its JSON-RPC outcome, or an adapter failure with a one-line message. */
export type HttpAnswerReading = { ok: true; outcome: JsonRpcOutcome } | { ok: false; failure: AdapterFailure; message: string }

/**
 * Reads the answer to the request `id` (`method`, sent to `url`): a 2xx body must be the JSON-RPC 2.0 response with that
 * id; a 4xx or 5xx body that is a JSON-RPC error response with that id is read as that error (what a server whose
 * framework maps errors to statuses sends); anything else is a failure naming the status and an excerpt of the body.
 */
export function readHttpAnswer(answer: HttpAnswer, call: { id: number; method: string; url: string }): HttpAnswerReading {
  const status = `HTTP ${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''}`
  const said = `${call.url} answered \`${call.method}\` with ${status}`
  const parsed = parseJsonRpcResponse(answer.body)
  const ok = answer.status >= 200 && answer.status < 300
  if (!ok) {
    if (parsed.ok && 'error' in parsed.response && parsed.response.id === call.id) return { ok: true, outcome: { ok: false, error: parsed.response.error } }
    return { ok: false, failure: answer.status >= 500 ? 'implementation' : 'protocol', message: `${said}: ${shownBody(answer)}` }
  }
  if (!parsed.ok) {
    const json = parsed.problem !== 'it is not JSON'
    const what = json ? `a body that is not a JSON-RPC 2.0 response (${parsed.problem})` : `a body that is not JSON${typeOf(answer)}`
    return { ok: false, failure: 'protocol', message: `${said} and ${what}: ${shownBody(answer)}` }
  }
  const { response } = parsed
  if (response.id !== call.id) {
    return { ok: false, failure: 'protocol', message: `${said} and a response with id ${JSON.stringify(response.id)}, but the request has id ${call.id}: ${excerpt(answer.body)}` }
  }
  return { ok: true, outcome: 'result' in response ? { ok: true, result: response.result } : { ok: false, error: response.error } }
}

function typeOf(answer: HttpAnswer): string {
  return answer.contentType === undefined ? '' : ` (Content-Type ${answer.contentType})`
}

function shownBody(answer: HttpAnswer): string {
  return answer.body === '' ? 'an empty body' : excerpt(answer.body)
}
