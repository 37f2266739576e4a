import { describe, expect, test } from 'vitest'
import { isEarly, reconnectsOf, waitDueMs, watchCalls } from '#harness/contracts/session/reconnect-gaps.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/** A run holding only server events, each at its time (ms). */
function run(events: Array<[number, ServerEvent]>): SessionRun {
  return { given: {} as SessionRun['given'], oracle: {} as SessionRun['oracle'], events: events.map(([, e]) => e), times: events.map(([t]) => t) }
}
const watch = (n: number, cursor: string | null = null): ServerEvent => ({ type: 'watch', watch: n, connection: n, stream: 1, cursor })
const frame = (n: number, f: number): ServerEvent => ({ type: 'frame', watch: n, frame: f, cursor: `c-${f + 1}` })
const fault = (n: number, kind: 'drop' | 'refuse' | 'rst' | 'goaway', code: string | null = null, sent = [`${kind}${code ? ` ${code}` : ''}`]): ServerEvent => ({ type: 'fault', watch: n, kind, code, ms: null, at: { frame: 0 }, offset: 0, sent })
const end = (n: number, how: 'drop' | 'end-stream' | 'refuse' | 'rst' | 'goaway' | 'client-closed', lateByMs?: number): ServerEvent => ({ type: 'end', watch: n, how, error: null, ...(lateByMs === undefined ? {} : { lateByMs }) })

describe('the wait due before a reconnect', () => {
  test('50 ms after a call that brought a frame, doubled for each call in a row that brought none, up to 1 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(waitDueMs)).toEqual([50, 100, 200, 400, 800, 1000, 1000])
  })
})

describe('reconnectsOf', () => {
  test('measures each reconnect from the end of the call before it (its response ended by the fault)', () => {
    const calls = watchCalls(run([[0, watch(1)], [1, frame(1, 0)], [2, fault(1, 'drop')], [2.1, end(1, 'drop')], [53, watch(2, 'c-1')], [54, fault(2, 'drop')], [160, watch(3, 'c-1')], [161, frame(3, 1)], [162, end(3, 'end-stream')]]))
    expect(reconnectsOf(calls)).toEqual({
      reconnects: [
        { watch: 2, waitedMs: 50.9, lateByMs: 0, dueMs: 50, fruitless: 0, after: 'drop' },
        { watch: 3, waitedMs: 106, lateByMs: 0, dueMs: 100, fruitless: 1, after: 'drop' },
      ],
      replays: 0,
    })
  })
  test('a call refused before anything was processed is replayed: no wait due, and it is not counted as bringing no frame', () => {
    const calls = watchCalls(run([[0, watch(1)], [1, fault(1, 'refuse')], [1.5, watch(2)], [2, fault(2, 'rst', 'REFUSED_STREAM')], [2.5, watch(3)], [3, fault(3, 'drop')], [60, watch(4)]]))
    expect(reconnectsOf(calls)).toEqual({ reconnects: [{ watch: 4, waitedMs: 57, lateByMs: 0, dueMs: 100, fruitless: 1, after: 'drop' }], replays: 2 })
  })
  test('a fault that put nothing on the wire did not end the call: the client left first, and its close, noticed late, did', () => {
    // the client closed after a GOAWAY notice; the server, its loop stalled, noticed it 54 ms late, after its planned
    // GOAWAY found the exchange gone (sent nothing); the client reopened 50 ms after its close
    const calls = watchCalls(run([[0, watch(1)], [1, frame(1, 0)], [60, fault(1, 'goaway', 'NO_ERROR', [])], [60.1, end(1, 'client-closed', 54.2)], [105.8, watch(2, 'c-1')]]))
    expect(calls[0]).toMatchObject({ endedAt: 60.1, endedBy: 'client-closed', endedLateByMs: 54.2 })
    const { reconnects } = reconnectsOf(calls)
    expect(reconnects).toEqual([{ watch: 2, waitedMs: 45.7, lateByMs: 54.2, dueMs: 50, fruitless: 0, after: 'client-closed' }])
    expect(reconnects.map(isEarly)).toEqual([false])
  })
})

describe('an end-of-stream error', () => {
  // a red-team finding: the server records the stream's close a few ms after the end-error envelope, and the kit
  // measured from that close: a client that waited the 50 ms due from the envelope it read was called early
  const envelope = (n: number, code: string): ServerEvent => ({ type: 'fault', watch: n, kind: 'end-error', code, ms: null, at: { frame: 1 }, offset: 103, sent: [`an end-of-stream envelope with error ${code}`] })
  const ended = (reconnectAt: number) =>
    reconnectsOf(watchCalls(run([[0, watch(1)], [1, frame(1, 0)], [1.1, envelope(1, 'unavailable')], [6.3, { type: 'end', watch: 1, how: 'end-stream', error: 'unavailable' }], [reconnectAt, watch(2, 'c-1')]]))).reconnects
  test('ends the call at its envelope: the wait counts from there, not from the stream close the server recorded after it', () => {
    expect(ended(51.2)).toEqual([{ watch: 2, waitedMs: 50.1, lateByMs: 0, dueMs: 50, fruitless: 0, after: 'end-error unavailable' }])
    expect(ended(51.2).map(isEarly)).toEqual([false])
    expect(ended(41.1).map(isEarly)).toEqual([true])
  })
})

describe('a GOAWAY that gives the stream a grace period (then: close)', () => {
  // issue 24: a held-out client reconnected 0.0 ms after the connection closed, and the kit, counting from the GOAWAY
  // 104 ms before, said "104.4 ms (50 due)": held. The call ends when its stream does — the connection's close.
  const drained = (reconnectAt: number) =>
    reconnectsOf(watchCalls(run([[0, watch(1)], [1, frame(1, 0)], [4.4, fault(1, 'goaway', 'NO_ERROR', ['GOAWAY last_stream_id=1 NO_ERROR', 'the connection closed (FIN) after 100 ms'])], [104.4, end(1, 'goaway')], [reconnectAt, watch(2, 'c-1')]])))
  test('the wait counts from the connection closing, not from the GOAWAY: a reconnect at the close is early', () => {
    const { reconnects } = drained(104.4)
    expect(reconnects).toEqual([{ watch: 2, waitedMs: 0, lateByMs: 0, dueMs: 50, fruitless: 0, after: 'goaway NO_ERROR' }])
    expect(reconnects.map(isEarly)).toEqual([true])
    expect(drained(154.4).reconnects.map(isEarly)).toEqual([false])
  })
  test('a reconnect during the grace period, before the call it replaces ended, waited less than nothing', () => {
    const { reconnects } = drained(10)
    expect(reconnects).toMatchObject([{ watch: 2, waitedMs: -94.4, dueMs: 50 }])
    expect(reconnects.map(isEarly)).toEqual([true])
  })
  test('a client that leaves the stream during the grace period ends the call by its close', () => {
    const calls = watchCalls(run([[0, watch(1)], [1, frame(1, 0)], [4.4, fault(1, 'goaway', 'NO_ERROR')], [20, end(1, 'client-closed', 1.5)], [70, watch(2, 'c-1')]]))
    expect(calls[0]).toMatchObject({ endedAt: 20, endedBy: 'goaway NO_ERROR', endedLateByMs: 1.5 })
    expect(reconnectsOf(calls).reconnects.map(isEarly)).toEqual([false])
  })
})

describe('isEarly', () => {
  const reconnect = (waitedMs: number, lateByMs: number, dueMs: number) => ({ watch: 2, waitedMs, lateByMs, dueMs, fruitless: 0, after: 'client-closed' })
  test('only when even the most the client may have waited is short of the wait due, beyond the 2 ms slack', () => {
    expect([reconnect(48, 0, 50), reconnect(47.9, 0, 50), reconnect(20, 28, 50), reconnect(20, 27.9, 50), reconnect(45.7, 54.2, 100), reconnect(1.3, 1.6, 50)].map(isEarly)).toEqual([false, true, false, true, false, true])
  })
})
