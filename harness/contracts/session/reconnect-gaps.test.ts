import { describe, expect, test } from 'vitest'
import { reconnectsOf, waitDueMs, watchCalls } from '#harness/contracts/session/reconnect-gaps.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/** A run holding only server events, each at its time (ms). */
function run(events: Array<[number, ServerEvent]>): SessionRun {
  return { given: {} as SessionRun['given'], oracle: {} as SessionRun['oracle'], events: events.map(([, e]) => e), times: events.map(([t]) => t) }
}
const watch = (n: number, cursor: string | null = null): ServerEvent => ({ type: 'watch', watch: n, connection: n, stream: 1, cursor })
const frame = (n: number, f: number): ServerEvent => ({ type: 'frame', watch: n, frame: f, cursor: `c-${f + 1}` })
const fault = (n: number, kind: 'drop' | 'refuse' | 'rst', code: string | null = null): ServerEvent => ({ type: 'fault', watch: n, kind, code, ms: null, at: { frame: 0 }, offset: 0, sent: [] })
const end = (n: number, how: 'drop' | 'end-stream' | 'refuse' | 'rst'): ServerEvent => ({ type: 'end', watch: n, how, error: null })

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
        { watch: 2, waitedMs: 51, dueMs: 50, fruitless: 0, after: 'drop' },
        { watch: 3, waitedMs: 106, dueMs: 100, fruitless: 1, after: 'drop' },
      ],
      replays: 0,
    })
  })
  test('a call refused before anything was processed is replayed: no wait due, and it is not counted as bringing no frame', () => {
    const calls = watchCalls(run([[0, watch(1)], [1, fault(1, 'refuse')], [1.5, watch(2)], [2, fault(2, 'rst', 'REFUSED_STREAM')], [2.5, watch(3)], [3, fault(3, 'drop')], [60, watch(4)]]))
    expect(reconnectsOf(calls)).toEqual({ reconnects: [{ watch: 4, waitedMs: 57, dueMs: 100, fruitless: 1, after: 'drop' }], replays: 2 })
  })
})
