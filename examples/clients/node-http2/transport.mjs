// The session client's HTTP/2 transport on node:http2 (h2c with prior knowledge): one connection, opened again once
// the server sent GOAWAY or the connection closed (no new stream may open on a connection that went away).
import http2 from 'node:http2'
import { StreamEnded } from '../shared/connect-stream.mjs'

const { NGHTTP2_REFUSED_STREAM } = http2.constants

/** A transport for `watchSession` over node:http2. */
export function nodeHttp2Transport(baseUrl) {
  let session
  let watched // the session of the last watch call
  const goaways = new WeakSet()
  const connect = () => {
    if (session && !session.closed && !session.destroyed) return session
    session = http2.connect(baseUrl)
    session.on('error', () => {}) // each stream reports its own failure
    const opened = session
    opened.on('goaway', () => goaways.add(opened))
    return session
  }

  /** Opens a stream for one POST; resolves once its response headers came (or rejects how the stream failed first). */
  const post = (path, contentType, body, signal) =>
    new Promise((resolve, reject) => {
      let stream
      try {
        stream = connect().request({ ':method': 'POST', ':path': path, 'content-type': contentType }, { signal })
      } catch (error) {
        return reject(new StreamEnded(`could not open a stream: ${error.code ?? error.message}`, { refused: true }))
      }
      let responded = false
      stream.once('response', (headers) => {
        responded = true
        resolve({ stream, status: Number(headers[':status']) })
      })
      stream.once('close', () => {
        if (responded) return
        // Closed before any response: REFUSED_STREAM (or a stream above the GOAWAY's last_stream_id, which Node closes
        // the same way) means the server never processed it; anything else failed it before the response.
        const refused = stream.rstCode === NGHTTP2_REFUSED_STREAM
        reject(new StreamEnded(`stream closed before any response (rstCode ${stream.rstCode})`, { refused }))
      })
      stream.on('error', () => {}) // 'close' says how it ended
      stream.end(body)
    })

  return {
    /** Whether the connection of the last watch call got a GOAWAY (this client needs not know: HTTP/2 resumes the same way). */
    sawGoaway: () => watched !== undefined && goaways.has(watched),
    async watch(path, body, signal) {
      watched = connect()
      const { stream, status } = await post(path, 'application/connect+json', body, signal)
      if (status !== 200) throw new StreamEnded(`WatchSession answered ${status}`)
      return (async function* () {
        // A stream reset or a lost connection ends the body with an error, or (RST_STREAM CANCEL, a dropped
        // connection) early with no error: either way the end-of-stream envelope never came, which the caller sees.
        try {
          for await (const chunk of stream) yield chunk
        } catch (error) {
          throw new StreamEnded(`the stream failed: ${error.code ?? error.message}`)
        }
      })()
    },
    async read(path, body, { timeoutMs, signal }) {
      const timeout = AbortSignal.timeout(Math.max(1, Math.ceil(timeoutMs)))
      try {
        const { stream, status } = await post(path, 'application/json', Buffer.from(body), AbortSignal.any([signal, timeout]))
        const chunks = []
        for await (const chunk of stream) chunks.push(chunk)
        return { status, body: Buffer.concat(chunks).toString('utf8') }
      } catch (error) {
        if (timeout.aborted) throw Object.assign(new Error(`no answer within ${timeoutMs} ms`), { timedOut: true })
        throw error
      }
    },
    async close() {
      if (session && !session.destroyed) session.close()
      session?.destroy()
    },
  }
}
