import { describe, expect, test } from 'vitest'
import { readsAfterGoaway } from '#harness/contracts/session/goaway-connections.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

const run = (events: ServerEvent[]): SessionRun => ({ given: { tryTimeoutMs: 300 } as SessionRun['given'], oracle: {} as SessionRun['oracle'], events, times: events.map(() => 0) })
const watch = (n: number, connection: number): ServerEvent => ({ type: 'watch', watch: n, connection, stream: 1, cursor: null })
const read = (n: number, connection: number): ServerEvent => ({ type: 'read', read: n, connection, messageId: 'm-2', answer: 'ok', lateByMs: 1 })
const notice = (n: number): ServerEvent => ({ type: 'fault', watch: n, kind: 'goaway-notice', code: null, ms: null, at: { frame: 2 }, offset: 0, sent: ['PING (its ACK came back)', 'GOAWAY last_stream_id=2147483647 error_code=NO_ERROR'] })

describe('readsAfterGoaway', () => {
  test('a read on a connection the server sent a GOAWAY on before; not one before it, nor one on another connection', () => {
    expect(readsAfterGoaway(run([watch(1, 1), read(1, 1), notice(1), read(2, 1), watch(2, 2), read(3, 2)]))).toEqual(new Set([2]))
  })
  test('a fault that put nothing on the wire sent no GOAWAY', () => {
    expect(readsAfterGoaway(run([watch(1, 1), { ...notice(1), sent: [] } as ServerEvent, read(1, 1)]))).toEqual(new Set())
  })
})
