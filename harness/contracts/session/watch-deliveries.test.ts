import { describe, expect, test } from 'vitest'
import { watchDeliveries } from '#harness/contracts/session/watch-deliveries.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

const cursors = ['c-0001', 'c-0002', 'c-0003', 'c-0004', 'c-0005']
const run = (events: ServerEvent[]) => ({ events, oracle: { cursors } }) as unknown as SessionRun
const watch = (n: number, cursor: string | null): ServerEvent => ({ type: 'watch', watch: n, connection: n, stream: 1, cursor })
const frame = (n: number, index: number): ServerEvent => ({ type: 'frame', watch: n, frame: index, cursor: cursors[index] })
const fault = (n: number, kind: 'goaway' | 'goaway-notice' | 'refuse', sent = ['GOAWAY']): ServerEvent => ({ type: 'fault', watch: n, kind, code: null, ms: null, at: { frame: 0 }, offset: 0, sent })
const end = (n: number, how: 'goaway' | 'refuse' | 'end-stream' | 'client-closed'): ServerEvent => ({ type: 'end', watch: n, how, error: null })

describe('watchDeliveries: the frames a run delivered, as the server wrote them and the resumes show them', () => {
  test('a refused call delivers nothing, and its replay from the same cursor is no duplicate', () => {
    const d = watchDeliveries(run([watch(1, null), fault(1, 'refuse'), end(1, 'refuse'), watch(2, null), ...[0, 1, 2, 3, 4].map((i) => frame(2, i)), end(2, 'end-stream')]))
    expect([d.delivered, d.inFlight, d.mismatch]).toEqual([[0, 1, 2, 3, 4], [], undefined])
  })

  test('a frame recorded on a refused call is never counted (the server sent none the client could have had)', () => {
    const d = watchDeliveries(run([watch(1, null), frame(1, 0), fault(1, 'refuse'), end(1, 'refuse'), watch(2, null), ...[0, 1, 2, 3, 4].map((i) => frame(2, i))]))
    expect(d.delivered).toEqual([0, 1, 2, 3, 4])
  })

  test('frames after a shutdown notice that the next call resumes before were in flight when the connection dropped: not delivered', () => {
    const events = [watch(1, null), frame(1, 0), fault(1, 'goaway-notice'), frame(1, 1), frame(1, 2), end(1, 'client-closed'), watch(2, 'c-0001'), ...[1, 2, 3, 4].map((i) => frame(2, i))]
    const d = watchDeliveries(run(events))
    expect([d.delivered, d.inFlight, d.mismatch]).toEqual([[0, 1, 2, 3, 4], [1, 2], undefined])
  })

  test('frames before a notice, and after it up to where the next call resumes, count: resuming before them is a duplicate', () => {
    const events = [watch(1, null), frame(1, 0), frame(1, 1), fault(1, 'goaway-notice'), frame(1, 2), fault(1, 'goaway'), end(1, 'goaway'), watch(2, 'c-0001'), ...[1, 2, 3, 4].map((i) => frame(2, i))]
    const d = watchDeliveries(run(events))
    expect([d.delivered, d.inFlight]).toEqual([[0, 1, 1, 2, 3, 4], [2]])
    expect(d.mismatch).toEqual({ watch: 2, asked: 'c-0001', lastReceived: 'c-0002' })
  })

  test('without a notice every frame written counts: a resume before the last frame received duplicates it', () => {
    const events = [watch(1, null), frame(1, 0), frame(1, 1), fault(1, 'goaway'), end(1, 'goaway'), watch(2, 'c-0001'), ...[1, 2, 3, 4].map((i) => frame(2, i))]
    expect(watchDeliveries(run(events)).delivered).toEqual([0, 1, 1, 2, 3, 4])
  })

  // found by the explorer (a read answered `drop` beside a watch on the same connection): the server wrote frames 1–4
  // and the end of the stream after the drop, the client never got them and resumed after frame 0 — correct, and it
  // was broken by recovery/stream-resumes-from-cursor as "3 duplicated"
  const read = (n: number, connection: number, answer: 'drop' | 'ok'): ServerEvent => ({ type: 'read', read: n, connection, messageId: 'm-1', answer })
  test('frames written after a read on the same connection was dropped, that the next call resumes before, were lost with the socket', () => {
    const events = [watch(1, null), frame(1, 0), read(1, 1, 'drop'), ...[1, 2, 3, 4].map((i) => frame(1, i)), end(1, 'end-stream'), watch(2, 'c-0001'), ...[1, 2, 3, 4].map((i) => frame(2, i))]
    const d = watchDeliveries(run(events))
    expect([d.delivered, d.inFlight, d.mismatch]).toEqual([[0, 1, 2, 3, 4], [1, 2, 3, 4], undefined])
  })

  test('a read dropped on another connection loses nothing of the watch: its frames count, and a resume before them duplicates them', () => {
    const events = [watch(1, null), frame(1, 0), read(1, 7, 'drop'), ...[1, 2, 3, 4].map((i) => frame(1, i)), end(1, 'end-stream'), watch(2, 'c-0001'), ...[1, 2, 3, 4].map((i) => frame(2, i))]
    expect(watchDeliveries(run(events)).delivered).toEqual([0, 1, 2, 3, 4, 1, 2, 3, 4])
    // nor does a drop after the watch ended, nor a read that answered
    const after = [watch(1, null), frame(1, 0), frame(1, 1), end(1, 'end-stream'), read(1, 1, 'drop'), read(2, 1, 'ok'), watch(2, 'c-0001'), frame(2, 1)]
    expect(watchDeliveries(run(after)).delivered).toEqual([0, 1, 1])
  })
})
