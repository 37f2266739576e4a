/** The id of a JSON-RPC 2.0 message (the kit sends increasing integers). */
export type JsonRpcId = number | string | null

/** The `error` member of a JSON-RPC 2.0 error response. */
export interface JsonRpcErrorObject {
  code: number
  message: string
  data?: unknown
}

/** A JSON-RPC 2.0 response: a result or an error for the request with the same id. */
export type JsonRpcResponse = { id: JsonRpcId; result: unknown } | { id: JsonRpcId; error: JsonRpcErrorObject }

/** Reads one line of an implementation's stdout as a JSON-RPC 2.0 response, or says in a few words why it is not one. */
export function parseJsonRpcResponse(line: string): { ok: true; response: JsonRpcResponse } | { ok: false; problem: string } {
  let value: unknown
  try {
    value = JSON.parse(line)
  } catch {
    return { ok: false, problem: 'it is not JSON' }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, problem: Array.isArray(value) ? 'it is an array (batches are not used)' : 'it is not a JSON object' }
  }
  const message = value as Record<string, unknown>
  if (message.jsonrpc !== '2.0') return { ok: false, problem: 'it lacks "jsonrpc":"2.0"' }
  if ('method' in message) return { ok: false, problem: 'it is a request or notification, and the kit accepts only responses' }
  if (!('id' in message)) return { ok: false, problem: 'it has no "id"' }
  const id = message.id
  if (typeof id !== 'number' && typeof id !== 'string' && id !== null) return { ok: false, problem: '"id" is not a number, string or null' }
  const hasResult = 'result' in message
  const hasError = 'error' in message
  if (hasResult === hasError) return { ok: false, problem: 'it must have exactly one of "result" and "error"' }
  if (hasResult) return { ok: true, response: { id, result: message.result } }
  const error = message.error as Record<string, unknown> | null
  if (typeof error !== 'object' || error === null || !Number.isInteger(error.code) || typeof error.message !== 'string') {
    return { ok: false, problem: '"error" must be an object with an integer "code" and a string "message"' }
  }
  const shaped: JsonRpcErrorObject = { code: error.code as number, message: error.message }
  if ('data' in error) shaped.data = error.data
  return { ok: true, response: { id, error: shaped } }
}
