import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { setupServer } from 'msw/node'
import { sessionHandlers } from '#harness/servers/session-server/session-handlers.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { sessionPaths } from '#harness/servers/session-server/session-paths.ts'
import { fetchWatch } from '#harness/__test-helpers__/session-server/fetch-watch.ts'
import { readWatchBody } from '#harness/__test-helpers__/session-server/watch-body.ts'
import { EventLog } from '#harness/__test-helpers__/session-server/event-log.ts'
import type { SessionScript, WatchFault } from '#harness/servers/session-server/session-script.ts'

const baseUrl = 'http://session.test'
const server = setupServer()
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

/** Installs fresh handlers for the faults and reads; they are dropped after the test. */
function serve(faults: WatchFault[], reads: SessionScript['reads'] = ['ok']): EventLog {
  const log = new EventLog()
  server.use(...sessionHandlers(sampleScript(faults, reads), log.record, baseUrl))
  return log
}

const fetchRead = (body: unknown, signal?: AbortSignal) =>
  fetch(`${baseUrl}${sessionPaths.read}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body), signal })
const ends = (log: EventLog) => log.ofType('end').map((event) => event.how)

describe('sessionHandlers (msw, global fetch)', () => {
  test('no fault: every frame and the end-of-stream envelope; recorded with protocol msw', async () => {
    const log = serve([])
    const seen = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect([seen.status, seen.error, readWatchBody(seen.body)]).toEqual([200, null, { cursors: ['c0', 'c1', 'c2', 'c3'], endStream: {}, incomplete: 0 }])
    expect(log.events.slice(0, 2)).toEqual([
      { type: 'connection', connection: 1, protocol: 'msw' },
      { type: 'watch', watch: 1, connection: 1, stream: null, cursor: null },
    ])
    expect(ends(log)).toEqual(['end-stream'])
  })

  test('resuming from a cursor skips the frames up to it', async () => {
    const log = serve([])
    expect(readWatchBody((await fetchWatch(baseUrl, { sessionId: 's1', cursor: 'c0' })).body).cursors).toEqual(['c1', 'c2', 'c3'])
    expect(log.ofType('frame').map((event) => event.frame)).toEqual([1, 2, 3])
  })

  test.for([
    [{ watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR' }, 'contract-kit: scripted goaway NO_ERROR'],
    [{ watch: 1, atFrame: 2, kind: 'rst', code: 'INTERNAL_ERROR' }, 'contract-kit: scripted rst INTERNAL_ERROR'],
    [{ watch: 1, atFrame: 2, kind: 'drop' }, 'contract-kit: scripted drop'],
  ] satisfies Array<[WatchFault, string]>)('%s.kind errors the body stream after the frames before it', async ([fault, message]) => {
    const log = serve([fault])
    const seen = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect([seen.status, seen.error]).toEqual([200, { name: 'Error', message, cause: null }])
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
    expect(ends(log)).toEqual([fault.kind])
  })

  test('refuse is a network error before any response; a shutdown notice does nothing; goaway then close errors the body after its grace period', async () => {
    const log = serve([
      { watch: 1, atFrame: 0, kind: 'refuse' },
      { watch: 2, atFrame: 1, kind: 'goaway-notice' },
      { watch: 2, atFrame: 2, kind: 'goaway', code: 'NO_ERROR', then: 'close', graceMs: 10 },
    ])
    await expect(fetchWatch(baseUrl, { sessionId: 's1' })).rejects.toThrow(TypeError)
    const seen = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1'], endStream: null, incomplete: 0 })
    expect(log.ofType('fault').map((f) => f.kind)).toEqual(['refuse', 'goaway-notice', 'goaway'])
    expect(ends(log)).toEqual(['refuse', 'goaway'])
  })

  test('cut: half an envelope, then a clean end; no-end: every frame, a clean end, no end-of-stream envelope', async () => {
    const log = serve([{ watch: 1, atFrame: 1, kind: 'cut' }, { watch: 2, atFrame: 4, kind: 'no-end' }])
    const cut = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect(cut.error).toBe(null)
    expect(readWatchBody(cut.body)).toMatchObject({ cursors: ['c0'], endStream: null })
    expect(readWatchBody(cut.body).incomplete).toBeGreaterThan(5)
    const noEnd = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect([noEnd.error, readWatchBody(noEnd.body)]).toEqual([null, { cursors: ['c0', 'c1', 'c2', 'c3'], endStream: null, incomplete: 0 }])
    expect(ends(log)).toEqual(['cut', 'no-end'])
  })

  test('end-error: the frames before it, then an end-of-stream envelope with the error; recorded as ended by end-stream with that error', async () => {
    const log = serve([{ watch: 1, atFrame: 1, kind: 'end-error', code: 'unknown' }])
    const seen = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0'], endStream: { error: { code: 'unknown', message: 'contract-kit: the watch ends with unknown' } }, incomplete: 0 })
    expect(log.ofType('fault').map((f) => [f.kind, f.code, f.at])).toEqual([['end-error', 'unknown', { frame: 1 }]])
    expect(log.ofType('end').map((e) => [e.how, e.error])).toEqual([['end-stream', 'unknown']])
  })

  test('delay (msw delay): the frames after it come after it, and the end-of-stream envelope still comes', async () => {
    const log = serve([{ watch: 1, atFrame: 3, kind: 'delay', ms: 10 }])
    const seen = await fetchWatch(baseUrl, { sessionId: 's1' })
    expect(readWatchBody(seen.body)).toEqual({ cursors: ['c0', 'c1', 'c2', 'c3'], endStream: {}, incomplete: 0 })
    expect(log.events.filter((event) => event.type === 'frame' || event.type === 'fault').map((event) => (event.type === 'frame' ? event.cursor : event.kind))).toEqual([
      'c0', 'c1', 'c2', 'delay', 'c3',
    ])
  })

  test('GetSessionMessage answers in script order; unimplemented is 404; a hang ends when the request is aborted', async () => {
    const log = serve([], ['ok', 'unavailable', 'unimplemented', 'hang'])
    const request = { sessionId: 's1', messageId: 'm2' }
    const answers = []
    for (let call = 0; call < 3; call++) {
      const response = await fetchRead(request)
      answers.push([response.status, await response.json()])
    }
    expect(answers).toEqual([
      [200, { message: sampleScript().wholeMessages.m2 }],
      [503, { code: 'unavailable', message: expect.any(String) }],
      [404, { code: 'unimplemented', message: expect.any(String) }],
    ])
    const cancel = new AbortController()
    const hung = fetchRead(request, cancel.signal)
    await log.next((event) => event.type === 'read' && event.answer === 'hang')
    cancel.abort()
    await expect(hung).rejects.toThrow(/abort/i)
    expect(await log.next((event) => event.type === 'read-abandoned')).toEqual({ type: 'read-abandoned', read: 4, messageId: 'm2', by: 'client' })
  })

  test('a request outside the handlers is not served (onUnhandledRequest: error)', async () => {
    serve([])
    await expect(fetch('http://elsewhere.test/x')).rejects.toThrow()
  })
})
