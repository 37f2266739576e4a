import { describe, expect, test } from 'vitest'
import { rereadsAfter } from '#harness/contracts/session/rereads-after.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

type Answer = 'ok' | 'unavailable' | 'not_found' | 'hang'
/** Server events, each recorded at its time (ms), with a 200 ms try limit. */
const run = (timed: Array<[number, ServerEvent]>): SessionRun => ({ given: { tryTimeoutMs: 200 } as SessionRun['given'], oracle: {} as SessionRun['oracle'], events: timed.map(([, e]) => e), times: timed.map(([t]) => t) })
const read = (n: number, answer: Answer, connection = 1, messageId = 'm-2'): ServerEvent => ({ type: 'read', read: n, connection, messageId, answer, lateByMs: 0 })
const watch = (n: number, connection: number): ServerEvent => ({ type: 'watch', watch: n, connection, stream: 1, cursor: null })
const frame: ServerEvent = { type: 'frame', watch: 1, frame: 0, cursor: 'c-0001' }
const notice = (n: number): ServerEvent => ({ type: 'fault', watch: n, kind: 'goaway-notice', code: null, ms: null, at: { frame: 2 }, offset: 0, sent: ['GOAWAY last_stream_id=2147483647 error_code=NO_ERROR'] })
const gone = new Set(['not_found'])
const m2 = (timed: Array<[number, ServerEvent]>, answers = gone) => rereadsAfter(run([[0, watch(1, 1)], [0, frame], ...timed]), 'm-2', answers)

describe('rereadsAfter', () => {
  test('a read sooner than the try limit after the earliest the answered try may have begun proves the client had the answer', () => {
    // read 2's try began no earlier than read 1's answer (10 ms): read 3 at 25 ms is 15 ms after it
    expect(m2([[10, read(1, 'unavailable')], [20, read(2, 'not_found')], [25, read(3, 'not_found')]])).toEqual({ proven: { answered: read(2, 'not_found'), next: read(3, 'not_found'), afterMs: 15 }, unproven: [] })
  })
  test('a client held up between beginning its try and sending it: the next read, however soon after the answer, proves nothing once the limit may have run out', () => {
    // read 2 reached the server 140 ms after read 1's answer, read 3 came 65 ms after read 2: 205 ms after read 2's try may have begun
    const got = m2([[10, read(1, 'unavailable')], [150, read(2, 'not_found')], [215, read(3, 'not_found')]])
    expect(got.proven).toBeUndefined()
    expect(got.unproven).toMatchObject([{ answered: { read: 2 }, next: { read: 3 }, afterMs: 205, why: expect.stringMatching(/^read again 205 ms after the client may have begun that try, once its 200 ms limit may have run out/) }])
    expect(m2([[10, read(1, 'unavailable')], [150, read(2, 'not_found')], [190, read(3, 'not_found')]])).toMatchObject({ proven: { afterMs: 180 } })
  })
  test('a hung try ends no sooner than its limit: the next try began no earlier than that', () => {
    expect(m2([[10, read(1, 'hang')], [215, read(2, 'not_found')], [250, read(3, 'not_found')]])).toMatchObject({ proven: { answered: { read: 2 }, afterMs: 50 } })
    expect(m2([[10, read(1, 'hang')], [215, read(2, 'not_found')], [400, read(3, 'not_found')]])).toMatchObject({ unproven: [{ afterMs: 200 }] })
  })
  test('the first read of a message began no earlier than the first frame written', () => {
    expect(rereadsAfter(run([[100, frame], [150, read(1, 'not_found')], [290, read(2, 'not_found')]]), 'm-2', gone)).toMatchObject({ proven: { afterMs: 190 } })
    expect(rereadsAfter(run([[90, frame], [150, read(1, 'not_found')], [290, read(2, 'not_found')]]), 'm-2', gone)).toMatchObject({ unproven: [{ afterMs: 200 }] })
  })
  test('after an unproven one, a later not_found read again before its limit is still proven', () => {
    // read 2's try began no earlier than read 1's answer (10 ms): read 3 at 205 ms is 195 ms after it
    expect(m2([[10, read(1, 'not_found')], [200, read(2, 'not_found')], [205, read(3, 'not_found')]])).toMatchObject({ proven: { answered: { read: 2 }, next: { read: 3 }, afterMs: 195 }, unproven: [{ answered: { read: 1 }, afterMs: 200 }] })
  })
  test('a GOAWAY or drop on the answered read\'s connection before the next read proves nothing; one on a failed try\'s connection may have ended that try at once', () => {
    const goneAway = m2([[2, read(1, 'not_found')], [3, notice(1)], [4, read(2, 'not_found', 2)]])
    expect(goneAway.proven).toBeUndefined()
    expect(goneAway.unproven).toMatchObject([{ answered: { read: 1 }, why: expect.stringMatching(/GOAWAY or was dropped/) }])
    // read 1 hung on connection 1, which had a GOAWAY: its try may have ended at once, so read 2's began no later than read 1's
    expect(m2([[10, read(1, 'hang')], [11, notice(1)], [20, watch(2, 2)], [190, read(2, 'not_found', 2)], [210, read(3, 'not_found', 2)]])).toMatchObject({ unproven: [{ afterMs: 210 }] })
    expect(m2([[10, read(1, 'hang')], [20, watch(2, 2)], [190, read(2, 'not_found', 2)], [210, read(3, 'not_found', 2)]])).toMatchObject({ proven: { afterMs: 10 } })
  })
  test('an ok answer is judged alike when asked about; other messages and other answers are not counted', () => {
    const timed: Array<[number, ServerEvent]> = [[5, read(1, 'unavailable')], [50, read(2, 'ok')], [60, read(3, 'ok')]]
    expect(m2(timed, new Set(['ok']))).toMatchObject({ proven: { answered: { read: 2 }, next: { read: 3 }, afterMs: 55 } })
    expect(m2(timed)).toEqual({ unproven: [] })
    expect(m2([[5, read(1, 'not_found', 1, 'm-4')], [8, read(2, 'not_found', 1, 'm-4')]])).toEqual({ unproven: [] })
  })
})
