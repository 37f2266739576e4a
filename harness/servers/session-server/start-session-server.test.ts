import http2 from 'node:http2'
import net from 'node:net'
import os from 'node:os'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import type { SessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import { connectH2 } from '#harness/__test-helpers__/session-server/h2-test-client.ts'
import { postOverHttp1, watchOverHttp1 } from '#harness/__test-helpers__/session-server/http1-test-client.ts'
import { readWatchBody } from '#harness/__test-helpers__/session-server/watch-body.ts'
import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'
import { EventLog } from '#harness/__test-helpers__/session-server/event-log.ts'
import type { SessionScript } from '#harness/servers/session-server/session-script.ts'

/** Starts a server for the script; it is closed when the test finishes. */
async function serve(script: SessionScript): Promise<{ log: EventLog; server: SessionServer }> {
  const log = new EventLog()
  const server = await startSessionServer(script, log.record)
  onTestFinished(() => server.close())
  return { log, server }
}

/** Tries a TCP connection; resolves 'connected' or the error code. */
function tryConnect(host: string, port: number): Promise<string> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port })
    socket.once('connect', () => {
      socket.destroy()
      resolve('connected')
    })
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message))
  })
}

const readRequest = (messageId = 'm2') => ({ sessionId: 's1', messageId })
const fetchRead = (url: string, body: unknown, signal?: AbortSignal) =>
  fetch(`${url}${sessionPaths.read}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal })

describe('startSessionServer', () => {
  test('streams a client resets with an error code in the write that opened them never leave an error unhandled', async () => {
    // Node emits a server stream's 'stream' event a tick after its HEADERS: a RST_STREAM in the same write closes the
    // stream first, and its 'error' (the client's code) must find a listener however the server then handles it
    const { server } = await serve(sampleScript())
    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    for (let i = 0; i < 20; i++) {
      const stream = client.session.request({ ':method': 'POST', ':path': sessionPaths.read })
      stream.on('error', () => {})
      stream.close(http2.constants.NGHTTP2_INTERNAL_ERROR)
    }
    // the server handles a connection's frames in order: once a later read is answered, the reset streams were handled
    const after = await client.unary(sessionPaths.read, readRequest())
    expect([after.status, after.error]).toEqual([200, null])
    expect(client.sessionErrors).toEqual([])
  })
  test('listens on 127.0.0.1 only, on a port the OS picked', async () => {
    const { server } = await serve(sampleScript())
    const url = new URL(server.url)
    expect([url.protocol, url.hostname]).toEqual(['http:', '127.0.0.1'])
    const port = Number(url.port)
    expect(await tryConnect('127.0.0.1', port)).toBe('connected')
    const elsewhere = ['::1', ...Object.values(os.networkInterfaces()).flatMap((addresses) => (addresses ?? []).filter((a) => !a.internal).map((a) => a.address))]
    for (const host of elsewhere) expect(await tryConnect(host, port)).not.toBe('connected')
  })

  test('serves h2c and HTTP/1.1 (node:http and fetch) on the same port, each connection recorded with its protocol', async () => {
    const { log, server } = await serve(sampleScript())
    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    const overH2 = await client.watch({ sessionId: 's1' })
    const overHttp1 = await watchOverHttp1(server.url, { sessionId: 's1' })
    const response = await fetch(`${server.url}${sessionPaths.watch}`, { method: 'POST', headers: { 'content-type': 'application/connect+json' }, body: encodeEnvelope(0, { sessionId: 's1' }) })
    const overFetch = new Uint8Array(await response.arrayBuffer())
    const whole = { cursors: ['c0', 'c1', 'c2', 'c3'], endStream: {}, incomplete: 0 }
    expect([readWatchBody(overH2.body), readWatchBody(overHttp1.body), readWatchBody(overFetch)]).toEqual([whole, whole, whole])
    expect([response.status, response.headers.get('content-type')]).toEqual([200, 'application/connect+json'])
    expect(log.ofType('connection').map((event) => event.protocol)).toEqual(['h2', 'http/1.1', 'http/1.1'])
    expect(log.ofType('watch').map(({ watch, connection, stream }) => [watch, connection, stream])).toEqual([
      [1, 1, 1],
      [2, 2, null],
      [3, 3, null],
    ])
  })

  test('resuming from a cursor over HTTP/1.1 skips the frames up to it', async () => {
    const { log, server } = await serve(sampleScript())
    const seen = await watchOverHttp1(server.url, { sessionId: 's1', cursor: 'c2' })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c3'], endStream: {}, incomplete: 0 })
    expect(log.ofType('frame')).toEqual([{ type: 'frame', watch: 1, frame: 3, cursor: 'c3' }])
    expect(log.ofType('watch')[0].cursor).toBe('c2')
  })

  test('WatchSession errors come in the end-of-stream envelope: unknown session, bad cursor, bad request', async () => {
    const { log, server } = await serve(sampleScript())
    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    const endOf = async (request: object) => readWatchBody((await client.watch(request)).body).endStream
    expect(await endOf({ sessionId: 'nope' })).toMatchObject({ error: { code: 'not_found' } })
    expect(await endOf({ sessionId: 's1', cursor: 'zz' })).toMatchObject({ error: { code: 'invalid_argument' } })
    expect(await endOf({ session: 's1' })).toMatchObject({ error: { code: 'invalid_argument' } })
    expect(log.ofType('end').map((event) => [event.how, event.error])).toEqual([
      ['end-stream', 'not_found'],
      ['end-stream', 'invalid_argument'],
      ['end-stream', 'invalid_argument'],
    ])
  })

  test('GetSessionMessage over h2 answers in script order, unimplemented included; a hung read ends when the client cancels it', async () => {
    const script = sampleScript([], ['unavailable', 'internal', 'ok', 'hang', 'unimplemented'])
    const { log, server } = await serve(script)
    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    const answers: Array<[number | null, unknown]> = []
    for (let call = 0; call < 3; call++) {
      const seen = await client.unary(sessionPaths.read, readRequest())
      answers.push([seen.status, JSON.parse(Buffer.from(seen.body).toString())])
    }
    expect(answers).toEqual([
      [503, { code: 'unavailable', message: expect.any(String) }],
      [500, { code: 'internal', message: expect.any(String) }],
      [200, { message: script.wholeMessages.m2 }],
    ])

    const cancel = new AbortController()
    const hung = client.unary(sessionPaths.read, readRequest(), cancel.signal)
    await log.next((event) => event.type === 'read' && event.answer === 'hang')
    cancel.abort()
    expect((await hung).status).toBe(null)
    expect(await log.next((event) => event.type === 'read-abandoned')).toEqual({ type: 'read-abandoned', read: 4, messageId: 'm2', by: 'client' })

    const older = await client.unary(sessionPaths.read, readRequest())
    expect([older.status, JSON.parse(Buffer.from(older.body).toString()).code]).toEqual([404, 'unimplemented'])
    expect(log.ofType('read').map((event) => [event.read, event.answer])).toEqual([
      [1, 'unavailable'],
      [2, 'internal'],
      [3, 'ok'],
      [4, 'hang'],
      [5, 'unimplemented'],
    ])
  })

  test('GetSessionMessage over HTTP/1.1 (fetch): not_found, invalid_argument, and a hang the client aborts', async () => {
    const { log, server } = await serve(sampleScript([], ['ok', 'ok', 'hang']))
    const notFound = await fetchRead(server.url, readRequest('m9'))
    expect([notFound.status, ((await notFound.json()) as { code: string }).code]).toEqual([404, 'not_found'])
    const bad = await fetchRead(server.url, { sessionId: 's1' })
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([400, 'invalid_argument'])

    const cancel = new AbortController()
    const hung = fetchRead(server.url, readRequest(), cancel.signal)
    await log.next((event) => event.type === 'read' && event.answer === 'hang')
    cancel.abort()
    await expect(hung).rejects.toThrow(/abort/i)
    expect(await log.next((event) => event.type === 'read-abandoned')).toMatchObject({ read: 3, by: 'client' })
  })

  test('a read answered drop loses its connection on both protocols: no answer, the socket destroyed; the next read is answered', async () => {
    const { log, server } = await serve(sampleScript([], ['drop', 'ok', 'drop', 'ok']))
    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    expect((await client.unary(sessionPaths.read, readRequest())).status).toBe(null)
    const again = connectH2(server.url)
    onTestFinished(() => again.close())
    expect((await again.unary(sessionPaths.read, readRequest())).status).toBe(200)
    await expect(fetchRead(server.url, readRequest())).rejects.toThrow()
    expect((await fetchRead(server.url, readRequest())).status).toBe(200)
    expect(log.ofType('read').map((event) => [event.read, event.answer])).toEqual([
      [1, 'drop'],
      [2, 'ok'],
      [3, 'drop'],
      [4, 'ok'],
    ])
  })

  test('any other path or method is unimplemented (404)', async () => {
    const { server } = await serve(sampleScript())
    const seen = await postOverHttp1(server.url, '/contractkit.session.v1.SessionService/Other', 'application/json', Buffer.from('{}'))
    expect([seen.status, JSON.parse(Buffer.from(seen.body).toString()).code]).toEqual([404, 'unimplemented'])
    const get = await fetch(`${server.url}${sessionPaths.read}`)
    expect(get.status).toBe(404)
    await get.body?.cancel()
  })

  test('close() ends hung reads and delayed watches on both protocols (a delay timer is cleared) and resolves once closed', async () => {
    const { log, server } = await serve(sampleScript([{ watch: 1, atFrame: 1, kind: 'delay', ms: 600_000 }], ['hang']))
    const client = connectH2(server.url)
    onTestFinished(() => client.close())
    const watching = client.watch({ sessionId: 's1' })
    await log.next((event) => event.type === 'fault')
    const readingH2 = client.unary(sessionPaths.read, readRequest())
    const readingHttp1 = postOverHttp1(server.url, sessionPaths.read, 'application/json', Buffer.from(JSON.stringify(readRequest())))
    await log.next((event) => event.type === 'read' && event.read === 2)

    await server.close()
    const [watched, readH2, readHttp1] = await Promise.all([watching, readingH2, readingHttp1])
    expect(readWatchBody(watched.body)).toMatchObject({ cursors: ['c0'], endStream: null })
    expect([readH2.status, readHttp1.status]).toEqual([null, null])
    expect(log.ofType('end')).toEqual([{ type: 'end', watch: 1, how: 'server-closed', error: null }])
    expect(log.ofType('read-abandoned').map((event) => event.by)).toEqual(['server-close', 'server-close'])
    expect(await tryConnect('127.0.0.1', Number(new URL(server.url).port))).toBe('ECONNREFUSED')
  })
})
