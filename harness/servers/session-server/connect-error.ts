/** The Connect error codes the session server answers with. */
export type ConnectCode = 'invalid_argument' | 'not_found' | 'unimplemented' | 'unavailable' | 'internal' | 'deadline_exceeded' | 'unknown' | 'aborted' | 'canceled'

const statusOf: Record<ConnectCode, number> = {
  invalid_argument: 400,
  not_found: 404,
  unimplemented: 404,
  unavailable: 503,
  internal: 500,
  deadline_exceeded: 504,
  // the Connect protocol's mapping: unknown 500, aborted 409, canceled 499 (nginx's "client closed request")
  unknown: 500,
  aborted: 409,
  canceled: 499,
}

/** A Connect unary error: the HTTP status its code maps to and the JSON body `{"code","message"}`. */
export function connectError(code: ConnectCode, message: string): { status: number; body: { code: ConnectCode; message: string } } {
  return { status: statusOf[code], body: { code, message } }
}
