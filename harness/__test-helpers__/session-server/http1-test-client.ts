import http from 'node:http'
import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'

/** What a `node:http` (HTTP/1.1) client saw of one request: status, body bytes, whether 'end' came, and whether it was aborted or errored. */
export interface Http1Outcome {
  status: number | null
  body: Uint8Array
  ended: boolean
  aborted: boolean
  error: string | null
}

/** Test helper: one POST over its own HTTP/1.1 connection (no agent); settles when the response or request closes. */
export function postOverHttp1(url: string, path: string, contentType: string, body: Uint8Array, signal?: AbortSignal): Promise<Http1Outcome> {
  return new Promise((resolve) => {
    const outcome: Http1Outcome = { status: null, body: new Uint8Array(), ended: false, aborted: false, error: null }
    const chunks: Buffer[] = []
    const request = http.request(`${url}${path}`, { method: 'POST', agent: false, headers: { 'content-type': contentType }, signal })
    request.on('error', (error: NodeJS.ErrnoException) => {
      outcome.error ??= error.code ?? error.message
      if (outcome.status === null) resolve(outcome)
    })
    request.on('response', (response) => {
      outcome.status = response.statusCode ?? null
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => (outcome.ended = true))
      response.on('aborted', () => (outcome.aborted = true))
      response.on('error', (error: NodeJS.ErrnoException) => (outcome.error ??= error.code ?? error.message))
      response.on('close', () => resolve({ ...outcome, body: Buffer.concat(chunks) }))
    })
    request.end(body)
  })
}

/** Test helper: one WatchSession call over HTTP/1.1. */
export function watchOverHttp1(url: string, request: object): Promise<Http1Outcome> {
  return postOverHttp1(url, sessionPaths.watch, 'application/connect+json', encodeEnvelope(0, request))
}
