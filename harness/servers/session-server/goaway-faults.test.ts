import http2 from 'node:http2'
import { describe, expect, onTestFinished, test } from 'vitest'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { connectRawH2 } from '#harness/__test-helpers__/session-server/raw-h2-client.ts'
import type { RawH2Client } from '#harness/__test-helpers__/session-server/raw-h2-client.ts'
import { connectH2 } from '#harness/__test-helpers__/session-server/h2-test-client.ts'
import { readWatchBody } from '#harness/__test-helpers__/session-server/watch-body.ts'
import { EventLog } from '#harness/__test-helpers__/session-server/event-log.ts'
import { encodeEnvelope } from '#harness/servers/session-server/connect-envelope.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

// The GOAWAY faults as a client sees them on the wire (RFC 9113 §6.8, §8.7): every frame after the connection
// preface, in order, as a raw HTTP/2 client receives it (SETTINGS, WINDOW_UPDATE and PING left out), then FIN.

const { constants } = http2

async function serve(faults: WatchFault[]): Promise<{ log: EventLog; url: string }> {
  const log = new EventLog()
  const server = await startSessionServer(sampleScript(faults), log.record)
  onTestFinished(() => server.close())
  return { log, url: server.url }
}

async function raw(url: string): Promise<RawH2Client> {
  const client = await connectRawH2(url)
  onTestFinished(() => client.close())
  return client
}

const watch = (client: RawH2Client, stream: number, cursor?: string) => client.request(stream, sessionPaths.watch, 'application/connect+json', encodeEnvelope(0, { sessionId: 's1', ...(cursor ? { cursor } : {}) }))
/** The frames of the sample script's first two frames (c0, c1) on stream 1: their DATA frames' lengths vary, so only the kinds are compared. */
const kinds = (frames: string[]) => frames.map((line) => line.replace(/ length=\d+/, ''))

describe('GOAWAY faults on the wire, frame by frame', () => {
  test('graceful drain: GOAWAY whose last_stream_id covers the watch (it was processed), then RST_STREAM CANCEL', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR' }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^RST_STREAM/)
    expect(kinds(client.frames)).toEqual(['HEADERS stream_id=1', 'DATA stream_id=1', 'DATA stream_id=1', 'GOAWAY last_stream_id=1 error_code=NO_ERROR', 'RST_STREAM stream_id=1 error_code=CANCEL'])
    expect(log.ofType('fault')).toEqual([
      { type: 'fault', watch: 1, kind: 'goaway', code: 'NO_ERROR', ms: null, at: { frame: 2 }, offset: expect.any(Number), sent: ['PING (its ACK came back)', 'GOAWAY last_stream_id=1 error_code=NO_ERROR', 'RST_STREAM stream_id=1 error_code=CANCEL'] },
    ])
  })

  test('graceful drain, then RST_STREAM INTERNAL_ERROR: a node:http2 client sees GOAWAY covering its stream and the stream error', async () => {
    const { url } = await serve([{ watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR', then: 'INTERNAL_ERROR' }])
    const client = connectH2(url)
    onTestFinished(() => client.close())
    const seen = await client.watch({ sessionId: 's1' })
    expect(client.goaways).toEqual([{ code: constants.NGHTTP2_NO_ERROR, lastStreamID: 1, data: '' }])
    expect(seen).toMatchObject({ rstCode: constants.NGHTTP2_INTERNAL_ERROR, error: { code: 'ERR_HTTP2_STREAM_ERROR' } })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
  })

  test('graceful drain, then the connection closes after the grace period: GOAWAY, nothing more, FIN', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 1, kind: 'goaway', code: 'NO_ERROR', then: 'close', graceMs: 30 }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^FIN/)
    expect(kinds(client.frames)).toEqual(['HEADERS stream_id=1', 'DATA stream_id=1', 'GOAWAY last_stream_id=1 error_code=NO_ERROR', 'FIN'])
    expect(log.ofType('fault')[0].sent).toEqual(['PING (its ACK came back)', 'GOAWAY last_stream_id=1 error_code=NO_ERROR', 'the connection closed (FIN) after 30 ms'])
  })

  test('an error code is a connection error: GOAWAY INTERNAL_ERROR covering the watch, then FIN at once', async () => {
    const { url } = await serve([{ watch: 1, atFrame: 1, kind: 'goaway', code: 'INTERNAL_ERROR' }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^FIN/)
    expect(kinds(client.frames)).toEqual(['HEADERS stream_id=1', 'DATA stream_id=1', 'GOAWAY last_stream_id=1 error_code=INTERNAL_ERROR', 'FIN'])
  })

  test('the two-step GOAWAY: 2^31-1 first while the watch goes on, then the real last stream id and RST_STREAM CANCEL', async () => {
    const { url } = await serve([
      { watch: 1, atFrame: 1, kind: 'goaway-notice' },
      { watch: 1, atFrame: 3, kind: 'goaway', code: 'NO_ERROR' },
    ])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^RST_STREAM/)
    expect(kinds(client.frames)).toEqual([
      'HEADERS stream_id=1', 'DATA stream_id=1',
      'GOAWAY last_stream_id=2147483647 error_code=NO_ERROR',
      'DATA stream_id=1', 'DATA stream_id=1',
      'GOAWAY last_stream_id=1 error_code=NO_ERROR', 'RST_STREAM stream_id=1 error_code=CANCEL',
    ])
  })

  test('refused stream: GOAWAY with last_stream_id 0, then RST_STREAM REFUSED_STREAM before any HEADERS; nothing was processed', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 0, kind: 'refuse' }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^RST_STREAM/)
    expect(client.frames).toEqual(['GOAWAY last_stream_id=0 error_code=NO_ERROR', 'RST_STREAM stream_id=1 error_code=REFUSED_STREAM'])
    expect(log.events.filter((e) => e.type !== 'connection').map((e) => e.type)).toEqual(['watch', 'fault', 'end'])
    expect(log.ofType('end')).toEqual([{ type: 'end', watch: 1, how: 'refuse', error: null }])
    expect(log.ofType('frame')).toEqual([])
  })

  test('refused on a later stream: the GOAWAY names the streams processed before it; a replay on a new connection is served whole', async () => {
    const { log, url } = await serve([{ watch: 2, atFrame: 0, kind: 'refuse' }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/END_STREAM/)
    watch(client, 3, 'c1')
    await client.until(/^RST_STREAM/)
    expect(kinds(client.frames).slice(-2)).toEqual(['GOAWAY last_stream_id=1 error_code=NO_ERROR', 'RST_STREAM stream_id=3 error_code=REFUSED_STREAM'])
    const replay = connectH2(url)
    onTestFinished(() => replay.close())
    expect(readWatchBody((await replay.watch({ sessionId: 's1', cursor: 'c1' })).body)).toEqual({ cursors: ['c2', 'c3'], endStream: {}, incomplete: 0 })
    expect(log.ofType('watch').map(({ watch, cursor }) => [watch, cursor])).toEqual([[1, null], [2, 'c1'], [3, 'c1']])
  })

  test('a stream opened above the last_stream_id of a GOAWAY already sent is refused, never processed, and recorded as such', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 1, kind: 'goaway', code: 'NO_ERROR', then: 'close', graceMs: 5_000 }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^GOAWAY/)
    watch(client, 3)
    await client.until(/^RST_STREAM/)
    expect(kinds(client.frames).slice(-2)).toEqual(['GOAWAY last_stream_id=1 error_code=NO_ERROR', 'RST_STREAM stream_id=3 error_code=REFUSED_STREAM'])
    expect(log.ofType('refused')).toEqual([{ type: 'refused', connection: 1, stream: 3, path: sessionPaths.watch }])
    expect(log.ofType('watch')).toHaveLength(1)
  })

  test("the kit never answers the client's GOAWAY with one of its own (its last_stream_id would grow past the refusing 0)", async () => {
    const { url } = await serve([{ watch: 1, atFrame: 0, kind: 'refuse' }])
    const client = await raw(url)
    watch(client, 1)
    await client.until(/^RST_STREAM/)
    client.goaway(0)
    await client.until(/^FIN/)
    expect(client.frames).toEqual(['GOAWAY last_stream_id=0 error_code=NO_ERROR', 'RST_STREAM stream_id=1 error_code=REFUSED_STREAM', 'FIN'])
  })
})
