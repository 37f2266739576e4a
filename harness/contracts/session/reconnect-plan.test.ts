import { expect, test } from 'vitest'
import { reconnectPlan, reconnectsOutlastDeadline } from '#harness/contracts/session/reconnect-plan.ts'
import { readPlan } from '#harness/contracts/session/read-plan.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'

const given = (over: Partial<SessionGiven>): SessionGiven => ({ reply: 'short', session: 'known', viewLimitBytes: 4096, viewMessages: 20, framesBefore: 2, framesAfter: 0, laterTurns: 0, reads: ['ok'], faults: [], timeoutMs: 10_000, tryTimeoutMs: 2_000, output: 'json', ...over })
const drops = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => ({ watch: from + i, atFrame: 0, kind: 'drop' as const }))

test('no fault: no reconnect, no wait', () => {
  expect(reconnectPlan(given({}))).toEqual({ calls: 0, waitsMs: [], leastMs: 0, fails: false })
})
test('calls that bring no frame double the wait, up to 1 s; a call that brought one resets it to 50 ms', () => {
  expect(reconnectPlan(given({ faults: drops(1, 6) })).waitsMs).toEqual([100, 200, 400, 800, 1000, 1000])
  expect(reconnectPlan(given({ faults: [{ watch: 1, atFrame: 1, kind: 'drop' }, ...drops(2, 3)] })).waitsMs).toEqual([50, 100, 200])
})
test('a refused call is replayed with no wait; delays on the way count', () => {
  expect(reconnectPlan(given({ faults: [{ watch: 1, atFrame: 0, kind: 'refuse' }] }))).toMatchObject({ calls: 1, waitsMs: [] })
  expect(reconnectPlan(given({ faults: [{ watch: 1, atFrame: 1, kind: 'delay', ms: 300 }, { watch: 1, atFrame: 2, kind: 'drop' }] }))).toMatchObject({ waitsMs: [50], leastMs: 350 })
})
test('a permanent end-of-stream error fails the watch: the plan stops there', () => {
  expect(reconnectPlan(given({ faults: [{ watch: 1, atFrame: 0, kind: 'drop' }, { watch: 2, atFrame: 0, kind: 'end-error', code: 'permission_denied' }] }))).toMatchObject({ fails: true })
})
test('waits due past the deadline: the deadline passes while the client reconnects, a correct client exits 2', () => {
  expect(reconnectsOutlastDeadline(given({ faults: drops(1, 5), timeoutMs: 1000 }))).toBe(true) // 100 + 200 + 400 + 800 + 1,000
  expect(reconnectsOutlastDeadline(given({ faults: drops(1, 3), timeoutMs: 1000 }))).toBe(false) // 700 ms of waits
  expect(readPlan(given({ faults: drops(1, 5), timeoutMs: 1000 }))).toMatchObject({ reconnectsOutlastDeadline: true, expectedExit: 2, finalWholeExpected: false })
  expect(readPlan(given({ faults: drops(1, 3), timeoutMs: 1000 }))).toMatchObject({ reconnectsOutlastDeadline: false, expectedExit: 0 })
})
