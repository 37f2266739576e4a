import { describe, expect, test } from 'vitest'
import { wholeReadAnswers } from '#harness/contracts/session/whole-read-answers.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/** A run of server events with a 300 ms try limit. */
const run = (events: ServerEvent[]): SessionRun => ({ given: { tryTimeoutMs: 300 } as SessionRun['given'], oracle: {} as SessionRun['oracle'], events, times: events.map(() => 0) })
const watch = (n: number, connection: number): ServerEvent => ({ type: 'watch', watch: n, connection, stream: 1, cursor: null })
const read = (n: number, connection: number, answer: 'ok' | 'unavailable', lateByMs?: number): ServerEvent => ({ type: 'read', read: n, connection, messageId: 'm-2', answer, ...(lateByMs === undefined ? {} : { lateByMs }) })
const notice = (n: number): ServerEvent => ({ type: 'fault', watch: n, kind: 'goaway-notice', code: null, ms: null, at: { frame: 2 }, offset: 0, sent: ['PING (its ACK came back)', 'GOAWAY last_stream_id=2147483647 error_code=NO_ERROR'] })

describe('wholeReadAnswers', () => {
  test('an ok answer given promptly on a connection with no GOAWAY reached the client; a failed one did not', () => {
    expect(wholeReadAnswers(run([watch(1, 1), read(1, 1, 'unavailable', 1), read(2, 1, 'ok', 2)]))).toEqual(new Set([2]))
  })
  test('an ok answer given half the try limit or more after the request may have arrived may have come after the client gave up', () => {
    expect(wholeReadAnswers(run([watch(1, 1), read(1, 1, 'ok', 150), read(2, 1, 'ok', 149.9)]))).toEqual(new Set([2]))
  })
  test('an ok answer on a connection the server sent a GOAWAY on before may have been failed by the client library; one on another connection is whole', () => {
    expect(wholeReadAnswers(run([watch(1, 1), read(1, 1, 'ok', 1), notice(1), read(2, 1, 'ok', 1), watch(2, 2), read(3, 2, 'ok', 1)]))).toEqual(new Set([1, 3]))
  })
  test('a fault that put nothing on the wire sent no GOAWAY', () => {
    expect(wholeReadAnswers(run([watch(1, 1), { ...notice(1), sent: [] } as ServerEvent, read(1, 1, 'ok', 1)]))).toEqual(new Set([1]))
  })
})
