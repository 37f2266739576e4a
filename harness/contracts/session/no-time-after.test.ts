import { describe, expect, test } from 'vitest'
import { deadlineCameEarly, noTimeAfter } from '#harness/contracts/session/no-time-after.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { SessionClientResult } from '#harness/ports/session-client-port.ts'
import type { ServerEvent, ServerRead } from '#harness/servers/session-server/server-event.ts'

/** Server events at their times (ms), a client started at 100 ms with a 2,000 ms deadline (at 2,100) and a 400 ms try limit. */
const run = (timed: Array<[number, ServerEvent]>, startedMs: number | null = 100, endedMs?: number): SessionRun => ({
  given: { timeoutMs: 2000, tryTimeoutMs: 400 } as SessionRun['given'],
  oracle: { replyId: 'm-2' } as SessionRun['oracle'],
  events: timed.map(([, e]) => e),
  times: timed.map(([t]) => t),
  ...(startedMs === null ? {} : { startedMs }),
  ...(endedMs === undefined ? {} : { endedMs }),
})
const read = (n: number, answer: 'hang' | 'unavailable'): ServerRead => ({ type: 'read', read: n, connection: 1, messageId: 'm-2', answer, lateByMs: 0 })
const frame: ServerEvent = { type: 'frame', watch: 1, frame: 0, cursor: 'c-0001' }
const watch: ServerEvent = { type: 'watch', watch: 1, connection: 1, stream: 1, cursor: null }
const exited = (exitCode: number): SessionClientResult => ({ exitCode, stdout: '', stderr: '' })

describe('noTimeAfter', () => {
  test('a hung try taken early left time for another before the deadline; one taken late may have been cut to it', () => {
    const early = read(1, 'hang')
    expect(noTimeAfter(run([[150, frame], [170, early]]), early)).toBeUndefined() // next due by 570, deadline at 2,100
    const late = read(1, 'hang')
    expect(noTimeAfter(run([[1199, frame], [1201, late]]), late)).toMatch(/^read 1 \(hang\) reached the server 1,101 ms after the client was started, its try limit of 400 ms ran to 1,501 ms, and its 2,000 ms deadline may have come before another try was due$/)
  })
  test('after a failure the next try is due at once: an answer within the reaction margin of the deadline leaves no time', () => {
    const failed = read(2, 'unavailable')
    expect(noTimeAfter(run([[1599, failed]]), failed)).toBeUndefined()
    expect(noTimeAfter(run([[1601, failed]]), failed)).toMatch(/^read 2 \(unavailable\) reached the server 1,501 ms after the client was started, and its 2,000 ms deadline/)
    // a client seen slow (400 ms from read 1's answer to read 2) is given twice that
    const slow = run([[900, read(1, 'unavailable')], [1300, failed]])
    expect(noTimeAfter(slow, failed)).toMatch(/^read 2 \(unavailable\) reached the server 1,200 ms after/)
  })
  test('a client that ended before its deadline had the time', () => {
    const failed = read(2, 'unavailable')
    expect(noTimeAfter(run([[2000, failed]], 100, 2020), failed)).toBeUndefined()
    expect(noTimeAfter(run([[2000, failed]], 100, 2099), failed)).toMatch(/deadline may have come/)
  })
  test('no read at all: only a first frame written near the deadline leaves no time to read; no frame, or no start known, proves nothing either way', () => {
    // the frames that show the reply, when the oracle says which: the one at 1,500 ms does not, the one at 2,099 ms does
    const shown = { ...run([[1500, frame], [2099, { ...frame, frame: 1 }]]), oracle: { replyId: 'm-2', views: [['m-1'], ['m-1', 'm-2']] } as unknown as SessionRun['oracle'] }
    expect(noTimeAfter(shown, undefined)).toMatch(/^the first frame showing m-2 was written 1,999 ms after/)
    expect(noTimeAfter(run([[1500, frame]]), undefined)).toBeUndefined()
    expect(noTimeAfter(run([[1700, frame]]), undefined)).toMatch(/^the first frame showing m-2 was written 1,600 ms after the client was started, and its 2,000 ms deadline may have come before it could read$/)
    expect(noTimeAfter(run([]), undefined)).toBeUndefined()
    const late = read(1, 'hang')
    expect(noTimeAfter(run([[2099, late]], null), late)).toBeUndefined()
  })
})

describe('deadlineCameEarly', () => {
  test('only an exit 2: the watch opened too late, or the last read of the reply left no time for the next', () => {
    const failed = read(5, 'unavailable')
    const late = run([[200, watch], [300, frame], [1900, failed]], 100, 2100)
    expect(deadlineCameEarly(late, exited(2))).toMatch(/^read 5 \(unavailable\) reached the server 1,800 ms after/)
    expect(deadlineCameEarly(late, exited(0))).toBeUndefined()
    expect(deadlineCameEarly(run([[200, watch], [300, frame], [350, failed]], 100, 2100), exited(2))).toBeUndefined()
    expect(deadlineCameEarly(run([[1900, watch]], 100, 2100), exited(2))).toMatch(/^its first WatchSession call reached the server 1,800 ms after the client was started/)
  })
})
