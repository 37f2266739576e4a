import { describe, expect, test } from 'vitest'
import { noTimeAfter } from '#harness/contracts/session/no-time-after.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import type { ServerEvent, ServerRead } from '#harness/servers/session-server/server-event.ts'

/** Server events at their times (ms), a client started at 100 ms with a 600 ms deadline and a 400 ms try limit. */
const run = (timed: Array<[number, ServerEvent]>, startedMs: number | null = 100): SessionRun => ({
  given: { timeoutMs: 600, tryTimeoutMs: 400 } as SessionRun['given'],
  oracle: {} as SessionRun['oracle'],
  events: timed.map(([, e]) => e),
  times: timed.map(([t]) => t),
  ...(startedMs === null ? {} : { startedMs }),
})
const read = (n: number, answer: 'hang' | 'unavailable'): ServerRead => ({ type: 'read', read: n, connection: 1, messageId: 'm-2', answer, lateByMs: 0 })
const frame: ServerEvent = { type: 'frame', watch: 1, frame: 0, cursor: 'c-0001' }

describe('noTimeAfter', () => {
  test('a hung try taken early left time for another before the deadline; one taken late may have been cut to it', () => {
    const early = read(1, 'hang')
    expect(noTimeAfter(run([[150, frame], [170, early]]), early)).toBeUndefined() // next due by 570, deadline at 700
    const late = read(1, 'hang')
    expect(noTimeAfter(run([[150, frame], [299, late]]), late)).toMatch(/^read 1 \(hang\) reached the server 199 ms after the client was started, its try limit of 400 ms ran to 599 ms, and its 600 ms deadline may have come before another try was due$/)
  })
  test('after a failure the next try is due at once: only an answer at the deadline leaves no time', () => {
    const failed = read(2, 'unavailable')
    expect(noTimeAfter(run([[690, failed]]), failed)).toBeUndefined()
    expect(noTimeAfter(run([[699, failed]]), failed)).toMatch(/^read 2 \(unavailable\) reached the server 599 ms after the client was started, and its 600 ms deadline/)
  })
  test('no read at all: only a first frame written at the deadline leaves no time to read; no frame, or no start known, proves nothing either way', () => {
    // the frames that show the reply, when the oracle says which: the one at 650 ms does not, the one at 699 ms does
    const shown = { ...run([[650, frame], [699, { ...frame, frame: 1 }]]), oracle: { replyId: 'm-2', views: [['m-1'], ['m-1', 'm-2']] } as unknown as SessionRun['oracle'] }
    expect(noTimeAfter(shown, undefined)).toMatch(/^the first frame showing m-2 was written 599 ms after/)
    expect(noTimeAfter(run([[650, frame]]), undefined)).toBeUndefined()
    expect(noTimeAfter(run([[699, frame]]), undefined)).toMatch(/^the first frame showing the reply was written 599 ms after the client was started, and its 600 ms deadline may have come before it could read$/)
    expect(noTimeAfter(run([]), undefined)).toBeUndefined()
    const late = read(1, 'hang')
    expect(noTimeAfter(run([[699, late]], null), late)).toBeUndefined()
  })
})
