import { describe, expect, test } from 'vitest'
import { heldUpAtDeadline, reactionSlackMs, startLatencyMs } from '#harness/contracts/session/client-slowness.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent, ServerRead } from '#harness/servers/session-server/server-event.ts'

/** Server events at their times (ms), a client started at 100 ms with a 2,000 ms deadline and a 400 ms try limit. */
const run = (timed: Array<[number, ServerEvent]>, endedMs?: number): SessionRun => ({
  given: { timeoutMs: 2000, tryTimeoutMs: 400 } as SessionRun['given'],
  oracle: { replyId: 'm-2' } as SessionRun['oracle'],
  events: timed.map(([, e]) => e),
  times: timed.map(([t]) => t),
  startedMs: 100,
  ...(endedMs === undefined ? {} : { endedMs }),
})
const read = (n: number, answer: 'hang' | 'unavailable'): ServerRead => ({ type: 'read', read: n, connection: 1, messageId: 'm-2', answer, lateByMs: 0 })
const connection: ServerEvent = { type: 'connection', connection: 1, protocol: 'h2' }
const watch = (n: number): ServerEvent => ({ type: 'watch', watch: n, connection: 1, stream: 1, cursor: null })
const frame: ServerEvent = { type: 'frame', watch: 1, frame: 0, cursor: 'c-0001' }

describe('startLatencyMs', () => {
  test('from the kit starting the client to its first connection; none seen: undefined', () => {
    expect(startLatencyMs(run([[400, connection], [410, watch(1)]]))).toBe(300)
    expect(startLatencyMs(run([]))).toBeUndefined()
  })
})

describe('reactionSlackMs', () => {
  test('500 ms, or twice the slowest step the client showed: its start, or from an answer (a hung read: its limit) to the next read', () => {
    expect(reactionSlackMs(run([]))).toBe(500)
    expect(reactionSlackMs(run([[150, connection], [200, read(1, 'unavailable')], [210, read(2, 'unavailable')]]))).toBe(500)
    expect(reactionSlackMs(run([[150, connection], [200, read(1, 'unavailable')], [500, read(2, 'unavailable')], [520, read(3, 'unavailable')]]))).toBe(600)
    // a client that took 1.1 s to start, on a busy machine, is given twice that
    expect(reactionSlackMs(run([[1200, connection], [1210, read(1, 'unavailable')]]))).toBe(2200)
    // not from a frame: a client may wait for one
    expect(reactionSlackMs(run([[150, connection], [160, frame], [500, read(1, 'unavailable')], [520, read(2, 'unavailable')]]))).toBe(500)
    // a hung read's next try is due at its limit: only the time past it is the client's own
    expect(reactionSlackMs(run([[150, connection], [200, read(1, 'hang')], [900, read(2, 'unavailable')]]))).toBe(600)
  })
})

describe('heldUpAtDeadline', () => {
  // its first connection at 1,200 ms: its deadline passed by 3,200 ms at the latest; it took 1,100 ms to start (room: 2,200 ms)
  const slow = (endedMs: number, ...more: Array<[number, ServerEvent]>) => run([[1200, connection], [1210, watch(1)], [1300, read(1, 'hang')], ...more], endedMs)
  test('a client that ended after the latest its deadline can be and made no request after it was held up: exit 2 however late, another exit within the slowness it showed', () => {
    expect(heldUpAtDeadline(slow(4000), 0)).toMatch(/^the client ended 800 ms after its 2,000 ms deadline could have passed at the latest \(it took 1,100 ms to start\): its timers fired late/)
    expect(heldUpAtDeadline(slow(4000), 2)).toMatch(/^the client ended 800 ms after/)
    expect(heldUpAtDeadline(slow(9000), 2)).toMatch(/^the client ended 5,800 ms after/) // its deadline fired, late
  })
  test('one that ended before that moment, exited 0 or 1 more than its slowness late, or went on asking after it, was not', () => {
    expect(heldUpAtDeadline(slow(3100), 2)).toBeUndefined()
    expect(heldUpAtDeadline(slow(5500), 0)).toBeUndefined() // 2,300 ms over: more than the 2,200 ms of room
    expect(heldUpAtDeadline(slow(4000, [3500, read(2, 'hang')]), 2)).toBeUndefined() // it ignored its deadline
    expect(heldUpAtDeadline(slow(4000, [3500, watch(2)]), 0)).toBeUndefined()
    expect(heldUpAtDeadline(run([], 4000), 2)).toBeUndefined() // it never connected
  })
})
