import { expect, test } from 'vitest'
import { recordBundledSessionScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { openPastDeadline } from '#harness/contracts/session/open-past-deadline.ts'
import { sessionRun } from '#harness/contracts/session/session-run.ts'
import { checkDeadlineIsTimeout } from '#harness/contracts/deadline-is-timeout.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'

test('the in-process reference cancels its hung try at the deadline and returns: no try open past it, deadline-is-timeout held', async () => {
  const history = await recordBundledSessionScenario('try-far-over-deadline', createReferenceSessionClient)
  const run = sessionRun(history)
  // its cancel (RST_STREAM) may reach the server after the driver closed it: then the try counts as open until the client ended
  const abandoned = run.events.flatMap((e, i) => (e.type === 'read-abandoned' ? [{ by: e.by, at: run.times[i]! }] : []))
  expect(abandoned).toHaveLength(1)
  if (abandoned[0]!.by === 'server-close') expect(abandoned[0]!.at).toBeGreaterThanOrEqual(run.endedMs!)
  expect(openPastDeadline(run)).toBeUndefined()
  expect(checkDeadlineIsTimeout(history)).toMatchObject({ verdict: 'held' })
})

test('a hung try closed 3 s past the latest deadline is open past it; one closed at the deadline is not', () => {
  const at = (closedMs: number, by: 'client' | 'server-close' = 'client'): SessionRun =>
    ({
      given: { timeoutMs: 1000, tryTimeoutMs: 4000 },
      events: [
        { type: 'connection', connection: 1, protocol: 'h2' },
        { type: 'read', read: 1, connection: 1, messageId: 'm-2', answer: 'hang' },
        { type: 'read-abandoned', read: 1, messageId: 'm-2', by },
      ],
      times: [0, 20, closedMs],
      startedMs: 0,
      endedMs: closedMs,
    }) as unknown as SessionRun
  expect(openPastDeadline(at(1010))).toBeUndefined()
  expect(openPastDeadline(at(4000))).toMatchObject({ read: 1, pastMs: 3000, slackMs: 500, endedBy: 'client' })
  expect(openPastDeadline(at(4000, 'server-close'))).toMatchObject({ endedBy: 'server-close' })
})
