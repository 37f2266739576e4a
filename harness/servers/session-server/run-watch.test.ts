import { describe, expect, test } from 'vitest'
import { runWatch } from '#harness/servers/session-server/run-watch.ts'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import type { SessionExchange, WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'

/**
 * An exchange whose sink takes every write and applies a GOAWAY at once, and whose waits resolve at once (`lateMs`
 * null: never late) or `lateMs` after they were due (a stalled event loop; a timer never fires early).
 */
function exchangeWithLateTimers(lateMs: number | null): SessionExchange {
  const sink: WatchSink = {
    write: async () => true,
    wait: (ms) => (lateMs === null ? Promise.resolve(true) : new Promise((resolve) => setTimeout(() => resolve(true), ms + lateMs))),
    end: () => {},
    abort: async () => ['GOAWAY last_stream_id=1 INTERNAL_ERROR'],
    notice: async () => [],
    gone: () => null,
    leftSince: () => null,
  }
  return { startStream: () => sink } as unknown as SessionExchange
}

/** The `end` event of one watch call planned with `fault`, run over an exchange whose timers fire `lateMs` late. */
async function endOf(graceMs: number, lateMs: number | null): Promise<Extract<ServerEvent, { type: 'end' }>> {
  const script = sampleScript([{ watch: 1, atFrame: 1, kind: 'goaway', code: 'INTERNAL_ERROR', graceMs }])
  const events: ServerEvent[] = []
  await runWatch(planWatch(script, 1, { sessionId: 's1' }), 1, exchangeWithLateTimers(lateMs), (e) => events.push(e))
  return events.find((e): e is Extract<ServerEvent, { type: 'end' }> => e.type === 'end')!
}

describe('runWatch: the end of a call a GOAWAY gave a grace period', () => {
  test('on time, it ends at the grace period’s end, with no margin', async () => {
    expect(await endOf(3, null)).toEqual({ type: 'end', watch: 1, how: 'goaway', error: null })
  })
  test('when the grace timer fires late (a busy machine), the end carries the margin since the grace period ended: a client that left unseen meanwhile is not judged from the late moment', async () => {
    const end = await endOf(3, 40)
    expect(end.how).toBe('goaway')
    expect(end.lateByMs).toBeGreaterThanOrEqual(40)
  })
})
