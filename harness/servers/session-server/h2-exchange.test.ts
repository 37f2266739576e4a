import http2 from 'node:http2'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { connectH2 } from '#harness/__test-helpers__/session-server/h2-test-client.ts'
import type { H2TestClient } from '#harness/__test-helpers__/session-server/h2-test-client.ts'
import { readWatchBody } from '#harness/__test-helpers__/session-server/watch-body.ts'
import { EventLog } from '#harness/__test-helpers__/session-server/event-log.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

const { constants } = http2

/** Starts a server with the faults and one h2c client; both are closed when the test finishes. */
async function serve(faults: WatchFault[]): Promise<{ log: EventLog; client: H2TestClient; url: string }> {
  const log = new EventLog()
  const server = await startSessionServer(sampleScript(faults), log.record)
  const client = connectH2(server.url)
  onTestFinished(async () => {
    await client.close()
    await server.close()
  })
  return { log, client, url: server.url }
}

const ends = (log: EventLog) => log.ofType('end').map((event) => event.how)
const framesSent = (log: EventLog) => log.ofType('frame').map((event) => event.cursor)

describe('faults as a node:http2 (h2c) client sees them', () => {
  test('no fault: every frame, then the end-of-stream envelope {}, and a clean end', async () => {
    const { log, client } = await serve([])
    const seen = await client.watch({ sessionId: 's1' })
    expect(seen).toMatchObject({ status: 200, ended: true, error: null, rstCode: constants.NGHTTP2_NO_ERROR })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1', 'c2', 'c3'], endStream: {}, incomplete: 0 })
    expect(log.events.slice(0, 2)).toEqual([
      { type: 'connection', connection: 1, protocol: 'h2' },
      { type: 'watch', watch: 1, connection: 1, stream: 1, cursor: null },
    ])
    expect([framesSent(log), ends(log)]).toEqual([['c0', 'c1', 'c2', 'c3'], ['end-stream']])
  })

  test('goaway NO_ERROR (a graceful drain): GOAWAY covering the watch stream, RST_STREAM CANCEL, and a new connection resumes', async () => {
    const { log, client, url } = await serve([{ watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR' }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(client.goaways[0]).toEqual({ code: constants.NGHTTP2_NO_ERROR, lastStreamID: 1, data: '' })
    expect(seen).toMatchObject({ rstCode: constants.NGHTTP2_CANCEL, error: null })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
    expect(log.ofType('fault')).toEqual([
      { type: 'fault', watch: 1, kind: 'goaway', code: 'NO_ERROR', ms: null, at: { frame: 2 }, offset: expect.any(Number), sent: ['PING (its ACK came back)', 'GOAWAY last_stream_id=1 error_code=NO_ERROR', 'RST_STREAM stream_id=1 error_code=CANCEL'] },
    ])

    const again = connectH2(url)
    onTestFinished(() => again.close())
    const resumed = await again.watch({ sessionId: 's1', cursor: 'c1' })
    expect(readWatchBody(resumed.body)).toEqual({ cursors: ['c2', 'c3'], endStream: {}, incomplete: 0 })
    expect(log.ofType('watch').map(({ watch, connection, cursor }) => ({ watch, connection, cursor }))).toEqual([
      { watch: 1, connection: 1, cursor: null },
      { watch: 2, connection: 2, cursor: 'c1' },
    ])
    expect([framesSent(log), ends(log)]).toEqual([['c0', 'c1', 'c2', 'c3'], ['goaway', 'end-stream']])
  })

  test('goaway on a later stream of a connection: its last_stream_id covers every stream processed there, this one included', async () => {
    const { client } = await serve([{ watch: 2, atFrame: 0, kind: 'goaway', code: 'NO_ERROR' }])
    expect(readWatchBody((await client.watch({ sessionId: 's1' })).body).endStream).toEqual({})
    const seen = await client.watch({ sessionId: 's1', cursor: 'c3' })
    expect(client.goaways[0]).toMatchObject({ code: constants.NGHTTP2_NO_ERROR, lastStreamID: 3 })
    expect(seen).toMatchObject({ rstCode: constants.NGHTTP2_CANCEL })
    expect(client.sessionErrors).toEqual([])
  })

  test('refuse: GOAWAY below the stream and RST_STREAM REFUSED_STREAM before any response; Node refuses the stream', async () => {
    const { log, client } = await serve([{ watch: 1, atFrame: 0, kind: 'refuse' }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(client.goaways[0]).toMatchObject({ code: constants.NGHTTP2_NO_ERROR, lastStreamID: 0 })
    expect(seen).toMatchObject({ status: null, rstCode: constants.NGHTTP2_REFUSED_STREAM, error: { code: 'ERR_HTTP2_STREAM_ERROR' } })
    expect(seen.body.length).toBe(0)
    expect([framesSent(log), ends(log)]).toEqual([[], ['refuse']])
  })

  test("goaway with an error code (a connection error, then FIN): Node's client destroys the session, and the stream errors with the session error", async () => {
    const { log, client } = await serve([{ watch: 1, atFrame: 1, kind: 'goaway', code: 'INTERNAL_ERROR' }])
    const closed = new Promise((resolve) => client.session.once('close', resolve))
    const seen = await client.watch({ sessionId: 's1' })
    await closed
    expect(client.goaways[0]).toMatchObject({ code: constants.NGHTTP2_INTERNAL_ERROR })
    expect(seen.error).toEqual({ code: 'ERR_HTTP2_SESSION_ERROR', message: 'Session closed with error code 2' })
    expect(client.sessionErrors).toEqual(['ERR_HTTP2_SESSION_ERROR'])
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0'], endStream: null, incomplete: 0 })
    expect(ends(log)).toEqual(['goaway'])
  })

  test.for([['INTERNAL_ERROR', constants.NGHTTP2_INTERNAL_ERROR]] as const)('rst %s: the stream errors with that code after the frames before it', async ([code, number]) => {
    const { log, client } = await serve([{ watch: 1, atFrame: 2, kind: 'rst', code }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(seen).toMatchObject({ ended: false, rstCode: number, error: { code: 'ERR_HTTP2_STREAM_ERROR', message: `Stream closed with error code NGHTTP2_${code}` } })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
    expect(ends(log)).toEqual(['rst'])
    expect(client.session.destroyed).toBe(false)
  })

  test('rst CANCEL: Node never raises CANCEL as an error; the stream closes with rstCode 8 and no end-of-stream envelope', async () => {
    const { client } = await serve([{ watch: 1, atFrame: 2, kind: 'rst', code: 'CANCEL' }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(seen).toMatchObject({ error: null, rstCode: constants.NGHTTP2_CANCEL })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
  })

  test('rst at a byte offset: the client holds the bytes of an incomplete envelope', async () => {
    const { log, client } = await serve([{ watch: 1, atByte: 20, kind: 'rst', code: 'INTERNAL_ERROR' }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(readWatchBody(seen.body)).toEqual({ cursors: [], endStream: null, incomplete: 20 })
    expect(seen.rstCode).toBe(constants.NGHTTP2_INTERNAL_ERROR)
    expect([framesSent(log), log.ofType('fault')[0].at]).toEqual([[], { byte: 20 }])
  })

  test('cut: half an envelope, then a clean end (rstCode 0): only the missing end-of-stream envelope tells', async () => {
    const { log, client } = await serve([{ watch: 1, atFrame: 2, kind: 'cut' }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(seen).toMatchObject({ ended: true, error: null, rstCode: constants.NGHTTP2_NO_ERROR })
    const body = readWatchBody(seen.body)
    expect(body).toMatchObject({ cursors: ['c0', 'c1'], endStream: null })
    expect(body.incomplete).toBeGreaterThan(5)
    expect([framesSent(log), ends(log)]).toEqual([['c0', 'c1'], ['cut']])
  })

  test('no-end after the last frame: every frame and a clean end, but no end-of-stream envelope', async () => {
    const { log, client } = await serve([{ watch: 1, atFrame: 4, kind: 'no-end' }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(seen).toMatchObject({ ended: true, error: null, rstCode: constants.NGHTTP2_NO_ERROR })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1', 'c2', 'c3'], endStream: null, incomplete: 0 })
    expect(ends(log)).toEqual(['no-end'])
  })

  test('drop: the TCP connection closes under the stream; Node ends it with rstCode 8 (CANCEL), no error, and closes the session', async () => {
    const { log, client } = await serve([{ watch: 1, atFrame: 2, kind: 'drop' }])
    const closed = new Promise((resolve) => client.session.once('close', resolve))
    const seen = await client.watch({ sessionId: 's1' })
    expect(seen).toMatchObject({ error: null, rstCode: constants.NGHTTP2_CANCEL })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
    await closed
    expect(ends(log)).toEqual(['drop'])
  })

  test('delay: the frames after it are sent after it, and the stream still ends with its end-of-stream envelope', async () => {
    const { log, client } = await serve([{ watch: 1, atFrame: 2, kind: 'delay', ms: 20 }])
    const seen = await client.watch({ sessionId: 's1' })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1', 'c2', 'c3'], endStream: {}, incomplete: 0 })
    expect(log.events.filter((event) => event.type === 'frame' || event.type === 'fault').map((event) => (event.type === 'frame' ? event.cursor : event.kind))).toEqual([
      'c0', 'c1', 'delay', 'c2', 'c3',
    ])
    expect(log.ofType('fault')[0]).toMatchObject({ ms: 20, code: null })
  })
})
