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
const end = (n: number, how: 'drop' | 'end-stream' | 'refuse' | 'rst' | 'client-closed', lateByMs?: number): ServerEvent => ({ type: 'end', watch: n, how, error: null, ...(lateByMs === undefined ? {} : { lateByMs }) })

describe('the wait due before a reconnect', () => {
  test('50 ms after a call that brought a frame, doubled for each call in a row that brought none, up to 1 s', () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(waitDueMs)).toEqual([50, 100, 200, 400, 800, 1000, 1000])
  })
})

describe('reconnectsOf', () => {
  test('measures each reconnect from the fault that ended the call before it', () => {
    const calls = watchCalls(run([[0, watch(1)], [1, frame(1, 0)], [2, fault(1, 'drop')], [2.1, end(1, 'drop')], [53, watch(2, 'c-1')], [54, fault(2, 'drop')], [160, watch(3, 'c-1')], [161, frame(3, 1)], [162, end(3, 'end-stream')]]))
    expect(reconnectsOf(calls)).toEqual({
      reconnects: [
        { watch: 2, waitedMs: 51, lateByMs: 0, dueMs: 50, fruitless: 0, after: 'drop' },
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

describe('isEarly', () => {
  const reconnect = (waitedMs: number, lateByMs: number, dueMs: number) => ({ watch: 2, waitedMs, lateByMs, dueMs, fruitless: 0, after: 'client-closed' })
  test('only when even the most the client may have waited is short of the wait due, beyond the 2 ms slack', () => {
    expect([reconnect(48, 0, 50), reconnect(47.9, 0, 50), reconnect(20, 28, 50), reconnect(20, 27.9, 50), reconnect(45.7, 54.2, 100), reconnect(1.3, 1.6, 50)].map(isEarly)).toEqual([false, true, false, true, false, true])
  })
})
