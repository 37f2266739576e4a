// The session client's HTTP/2 transport on undici: a Client with allowH2 and useH2c (HTTP/2 cleartext with prior
// knowledge). undici opens a new connection by itself after the server's GOAWAY or a lost connection.
import { Client } from 'undici'
import { StreamEnded } from '../shared/connect-stream.mjs'

/** A transport for `watchSession` over undici's HTTP/2. */
export function undiciTransport(baseUrl) {
  // pipelining > 1 and idempotent reads: otherwise undici queues a read behind the open watch (a POST), until it ends
  const client = new Client(baseUrl, { allowH2: true, useH2c: true, bodyTimeout: 0, headersTimeout: 0, pipelining: 8 })

  return {
    async watch(path, body, signal) {
      let response
      try {
        response = await client.request({ method: 'POST', path, body, signal, headers: { 'content-type': 'application/connect+json' } })
      } catch (error) {
        if (signal.aborted) throw signal.reason
        // The stream failed before any response: refused (REFUSED_STREAM, or undici failing it at the GOAWAY that
        // refused it) or a lost connection. Nothing was received, so a replay from the same cursor is right either way.
        throw new StreamEnded(`no response: ${error.code ?? ''} ${error.message}`, { refused: /REFUSED_STREAM|GOAWAY/.test(`${error.message} ${error.cause?.message ?? ''}`) })
      }
      if (response.statusCode !== 200) {
        await response.body.dump()
        throw new StreamEnded(`WatchSession answered ${response.statusCode}`)
      }
      return (async function* () {
        try {
          for await (const chunk of response.body) yield chunk
        } catch (error) {
          throw new StreamEnded(`the stream failed: ${error.code ?? ''} ${error.message}`)
        }
      })()
    },
    async read(path, body, { timeoutMs, signal }) {
      const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)))
      try {
        const response = await client.request({ method: 'POST', idempotent: true, path, body, signal: AbortSignal.any([signal, timeout]), headers: { 'content-type': 'application/json' } })
        return { status: response.statusCode, body: await response.body.text() }
      } catch (error) {
        if (timeout.aborted) throw Object.assign(new Error(`no answer within ${timeoutMs} ms`), { timedOut: true })
        throw error
      }
    },
    async close() {
      await client.destroy().catch(() => {})
    },
  }
}
