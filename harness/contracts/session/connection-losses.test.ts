import { describe, expect, test } from 'vitest'
import { connectionLosses } from '#harness/contracts/session/connection-losses.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

const run = (timed: Array<[number, ServerEvent]>): SessionRun => ({ given: { tryTimeoutMs: 300 } as SessionRun['given'], oracle: {} as SessionRun['oracle'], events: timed.map(([, e]) => e), times: timed.map(([t]) => t) })
const watch = (n: number, connection: number): ServerEvent => ({ type: 'watch', watch: n, connection, stream: 1, cursor: null })
const fault = (n: number, kind: 'goaway-notice' | 'drop' | 'rst' | 'delay', sent: string[]): ServerEvent => ({ type: 'fault', watch: n, kind, code: null, ms: null, at: { frame: 2 }, offset: 0, sent })
const notice = (n: number) => fault(n, 'goaway-notice', ['PING (its ACK came back)', 'GOAWAY last_stream_id=2147483647 error_code=NO_ERROR'])

describe('connectionLosses', () => {
  test('the first GOAWAY or drop on each connection, by the time the kit recorded it', () => {
    const got = connectionLosses(run([[0, watch(1, 1)], [5, notice(1)], [9, notice(1)], [10, watch(2, 2)], [20, fault(2, 'drop', ['the connection closed'])], [30, watch(3, 3)]]))
    expect(got).toEqual(new Map([[1, 5], [2, 20]]))
  })
  test('a stream reset, a delay, or a fault that put nothing on the wire loses no connection', () => {
    expect(connectionLosses(run([[0, watch(1, 1)], [1, fault(1, 'rst', ['RST_STREAM stream_id=1 error_code=CANCEL'])], [2, fault(1, 'delay', ['nothing for 5 ms'])], [3, { ...notice(1), sent: [] } as ServerEvent]]))).toEqual(new Map())
  })
})
