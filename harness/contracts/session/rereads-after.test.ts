import { describe, expect, test } from 'vitest'
import { rereadsAfter } from '#harness/contracts/session/rereads-after.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

type Answer = 'ok' | 'unavailable' | 'not_found' | 'hang'
/** Server events, each handled at its time (ms), with a 200 ms try limit. */
const run = (timed: Array<[number, ServerEvent]>): SessionRun => ({ given: { tryTimeoutMs: 200 } as SessionRun['given'], oracle: {} as SessionRun['oracle'], events: timed.map(([, e]) => e), times: timed.map(([t]) => t) })
const read = (n: number, answer: Answer, lateByMs = 0, messageId = 'm-2', connection = 1): ServerEvent => ({ type: 'read', read: n, connection, messageId, answer, lateByMs })
const watch = (n: number, connection: number): ServerEvent => ({ type: 'watch', watch: n, connection, stream: 1, cursor: null })
const notice = (n: number): ServerEvent => ({ type: 'fault', watch: n, kind: 'goaway-notice', code: null, ms: null, at: { frame: 2 }, offset: 0, sent: ['GOAWAY last_stream_id=2147483647 error_code=NO_ERROR'] })

const gone = new Set(['not_found'])

describe('rereadsAfter', () => {
  test('a read sooner than the try limit after a not_found proves the client had the answer', () => {
    const got = rereadsAfter(run([[10, read(1, 'unavailable')], [20, read(2, 'not_found', 1)], [25, read(3, 'not_found')]]), 'm-2', gone)
    expect(got).toEqual({ proven: { answered: read(2, 'not_found', 1), next: read(3, 'not_found'), afterMs: 6 }, unproven: [] })
  })
  test('a read once the try limit may have run out proves nothing: the client may have given up on the try before the answer came', () => {
    const got = rereadsAfter(run([[20, read(1, 'not_found', 1)], [217, read(2, 'not_found')]]), 'm-2', gone)
    expect(got.proven).toBeUndefined()
    expect(got.unproven).toMatchObject([{ answered: { read: 1 }, next: { read: 2 }, afterMs: 198, why: expect.stringMatching(/^read again 198 ms after the request, once the 200 ms try limit may have run out/) }])
  })
  test('the server answering late moves when the request may have reached it: the limit counts from then', () => {
    const late = rereadsAfter(run([[150, read(1, 'not_found', 120)], [235, read(2, 'not_found')]]), 'm-2', gone)
    expect(late.proven).toBeUndefined()
    expect(late.unproven).toMatchObject([{ afterMs: 205 }])
    expect(rereadsAfter(run([[150, read(1, 'not_found', 0)], [235, read(2, 'not_found')]]), 'm-2', gone)).toMatchObject({ proven: { afterMs: 85 } })
  })
  test('after an unproven one, a later not_found read again at once is still proven', () => {
    const got = rereadsAfter(run([[0, read(1, 'not_found')], [300, read(2, 'not_found')], [303, read(3, 'not_found')]]), 'm-2', gone)
    expect(got).toMatchObject({ proven: { answered: { read: 2 }, next: { read: 3 }, afterMs: 3 }, unproven: [{ answered: { read: 1 } }] })
  })
  test('a not_found on a connection the server had sent a GOAWAY on proves nothing; other messages and other answers are not counted', () => {
    const goneAway = rereadsAfter(run([[0, watch(1, 1)], [1, notice(1)], [2, read(1, 'not_found')], [4, read(2, 'not_found', 0, 'm-2', 2)]]), 'm-2', gone)
    expect(goneAway.proven).toBeUndefined()
    expect(goneAway.unproven).toMatchObject([{ answered: { read: 1 }, why: expect.stringMatching(/GOAWAY/) }])
    expect(rereadsAfter(run([[0, read(1, 'not_found', 0, 'm-4')], [2, read(2, 'unavailable')], [4, read(3, 'ok')]]), 'm-2', gone)).toEqual({ unproven: [] })
  })
  test('an ok answer read again is judged alike: only the answers asked about end a message\'s reading', () => {
    const timed: Array<[number, ServerEvent]> = [[0, read(1, 'unavailable')], [3, read(2, 'unavailable')], [50, read(3, 'ok', 2)], [60, read(4, 'ok')], [400, read(5, 'ok')]]
    expect(rereadsAfter(run(timed), 'm-2', new Set(['ok']))).toMatchObject({ proven: { answered: { read: 3 }, next: { read: 4 }, afterMs: 12 }, unproven: [] })
    expect(rereadsAfter(run(timed.slice(0, 3).concat([[400, read(5, 'ok')]])), 'm-2', new Set(['ok']))).toMatchObject({ unproven: [{ answered: { read: 3 }, next: { read: 5 }, afterMs: 352 }] })
    expect(rereadsAfter(run(timed), 'm-2', gone)).toEqual({ unproven: [] })
  })
})
