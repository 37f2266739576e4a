import { describe, expect, onTestFinished, test } from 'vitest'
import { startSessionServer } from '#harness/servers/session-server/start-session-server.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { watchOverHttp1 } from '#harness/__test-helpers__/session-server/http1-test-client.ts'
import { fetchWatch } from '#harness/__test-helpers__/session-server/fetch-watch.ts'
import { readWatchBody } from '#harness/__test-helpers__/session-server/watch-body.ts'
import { EventLog } from '#harness/__test-helpers__/session-server/event-log.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

/** Starts a server with the faults; it is closed when the test finishes. */
async function serve(faults: WatchFault[]): Promise<{ log: EventLog; url: string }> {
  const log = new EventLog()
  const server = await startSessionServer(sampleScript(faults), log.record)
  onTestFinished(() => server.close())
  return { log, url: server.url }
}

const ends = (log: EventLog) => log.ofType('end').map((event) => event.how)
const cutAfterTwo = { cursors: ['c0', 'c1'], endStream: null, incomplete: 0 }

describe('faults as an HTTP/1.1 client sees them (node:http, and fetch)', () => {
  test.for([
    { watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR' },
    { watch: 1, atFrame: 2, kind: 'rst', code: 'CANCEL' },
    { watch: 1, atFrame: 2, kind: 'drop' },
  ] satisfies WatchFault[])('$kind: no GOAWAY or reset in HTTP/1.1, so the socket is destroyed: the chunked body is cut and the response aborts', async (fault) => {
    const { log, url } = await serve([fault, { ...fault, watch: 2 }])
    const seen = await watchOverHttp1(url, { sessionId: 's1' })
    expect(seen).toMatchObject({ status: 200, ended: false, aborted: true, error: 'ECONNRESET' })
    expect(readWatchBody(seen.body)).toEqual(cutAfterTwo)

    const fetched = await fetchWatch(url, { sessionId: 's1' })
    expect(fetched.error).toEqual({ name: 'TypeError', message: 'terminated', cause: 'other side closed' })
    expect(readWatchBody(fetched.body)).toEqual(cutAfterTwo)
    expect(ends(log)).toEqual([fault.kind, fault.kind])
  })

  test('goaway then close: the socket is destroyed after the grace period; a shutdown notice does nothing; refuse destroys the socket before any response', async () => {
    const { log, url } = await serve([
      { watch: 1, atFrame: 1, kind: 'goaway-notice' },
      { watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR', then: 'close', graceMs: 20 },
      { watch: 2, atFrame: 0, kind: 'refuse' },
    ])
    const seen = await watchOverHttp1(url, { sessionId: 's1' })
    expect(seen).toMatchObject({ status: 200, aborted: true })
    expect(readWatchBody(seen.body)).toEqual(cutAfterTwo)
    await expect(fetchWatch(url, { sessionId: 's1' })).rejects.toThrow('fetch failed')
    expect(log.ofType('fault').map((f) => [f.kind, f.sent])).toEqual([
      ['goaway-notice', []],
      ['goaway', ['the TCP connection destroyed after 20 ms (the chunked body cut)']],
      ['refuse', ['the TCP connection destroyed before any response']],
    ])
    expect(ends(log)).toEqual(['goaway', 'refuse'])
  })

  test('cut: half an envelope, then the chunked body ends cleanly: no error, only the missing end-of-stream envelope tells', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 2, kind: 'cut' }, { watch: 2, atFrame: 2, kind: 'cut' }])
    const seen = await watchOverHttp1(url, { sessionId: 's1' })
    expect(seen).toMatchObject({ ended: true, aborted: false, error: null })
    expect(readWatchBody(seen.body)).toMatchObject({ cursors: ['c0', 'c1'], endStream: null })
    expect(readWatchBody(seen.body).incomplete).toBeGreaterThan(5)
    const fetched = await fetchWatch(url, { sessionId: 's1' })
    expect([fetched.error, readWatchBody(fetched.body)]).toEqual([null, readWatchBody(seen.body)])
    expect(ends(log)).toEqual(['cut', 'cut'])
  })

  test('no-end: every frame and a clean end, but no end-of-stream envelope', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 4, kind: 'no-end' }])
    const seen = await fetchWatch(url, { sessionId: 's1' })
    expect([seen.error, readWatchBody(seen.body)]).toEqual([null, { cursors: ['c0', 'c1', 'c2', 'c3'], endStream: null, incomplete: 0 }])
    expect(ends(log)).toEqual(['no-end'])
  })

  test('a drop at a byte offset leaves an incomplete envelope before the cut', async () => {
    const { url } = await serve([{ watch: 1, atByte: 9, kind: 'drop' }])
    const seen = await watchOverHttp1(url, { sessionId: 's1' })
    expect([seen.aborted, readWatchBody(seen.body)]).toEqual([true, { cursors: [], endStream: null, incomplete: 9 }])
  })

  test('delay: the frames after it are sent after it; the stream ends with its end-of-stream envelope', async () => {
    const { log, url } = await serve([{ watch: 1, atFrame: 1, kind: 'delay', ms: 20 }])
    const seen = await fetchWatch(url, { sessionId: 's1' })
    expect([seen.error, readWatchBody(seen.body)]).toEqual([null, { cursors: ['c0', 'c1', 'c2', 'c3'], endStream: {}, incomplete: 0 }])
    expect(log.events.filter((event) => event.type === 'frame' || event.type === 'fault').map((event) => (event.type === 'frame' ? event.cursor : event.kind))).toEqual([
      'c0', 'delay', 'c1', 'c2', 'c3',
    ])
  })
})
