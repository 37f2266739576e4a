import http2 from 'node:http2'
import type { ClientHttp2Session } from 'node:http2'
import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'

/** What a `node:http2` client saw of one request: status, body bytes, whether 'end' came, the stream error and the RST code. */
export interface H2Outcome {
  status: number | null
  body: Uint8Array
  ended: boolean
  error: { code: string; message: string } | null
  rstCode: number | undefined
}

/** Test helper: an h2c client session that keeps every GOAWAY and session error it sees. */
export interface H2TestClient {
  session: ClientHttp2Session
  goaways: Array<{ code: number; lastStreamID: number; data: string }>
  sessionErrors: string[]
  /** Sends one WatchSession request (its JSON enveloped) and settles when the stream closes. */
  watch(request: object): Promise<H2Outcome>
  /** Sends one unary request and settles when the stream closes; aborting `signal` cancels the stream. */
  unary(path: string, request: object, signal?: AbortSignal): Promise<H2Outcome>
  /** Destroys the client session and waits for it to close. */
  close(): Promise<void>
}

/** Test helper: connects an h2c (prior knowledge) client to `url`. */
export function connectH2(url: string): H2TestClient {
  const session = http2.connect(url)
  const goaways: H2TestClient['goaways'] = []
  const sessionErrors: string[] = []
  session.on('goaway', (code, lastStreamID, data) => goaways.push({ code, lastStreamID, data: data?.toString() ?? '' }))
  session.on('error', (error: NodeJS.ErrnoException) => sessionErrors.push(error.code ?? error.message))
  const send = (path: string, contentType: string, body: Uint8Array, signal?: AbortSignal) =>
    new Promise<H2Outcome>((resolve) => {
      const stream = session.request({ ':method': 'POST', ':path': path, 'content-type': contentType }, { signal })
      const outcome: H2Outcome = { status: null, body: new Uint8Array(), ended: false, error: null, rstCode: undefined }
      const chunks: Buffer[] = []
      stream.on('response', (headers) => (outcome.status = Number(headers[':status'])))
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => (outcome.ended = true))
      stream.on('error', (error: NodeJS.ErrnoException) => (outcome.error = { code: error.code ?? error.name, message: error.message }))
      stream.on('close', () => resolve({ ...outcome, body: Buffer.concat(chunks), rstCode: stream.rstCode }))
      stream.end(body)
    })
  return {
    session,
    goaways,
    sessionErrors,
    watch: (request) => send(sessionPaths.watch, 'application/connect+json', encodeEnvelope(0, request)),
    unary: (path, request, signal) => send(path, 'application/json', Buffer.from(JSON.stringify(request)), signal),
    close: () =>
      new Promise((resolve) => {
        if (session.destroyed) return resolve()
        session.once('close', () => resolve())
        session.destroy()
      }),
  }
}
