import { describe, expect, test } from 'vitest'
import { readPlan } from '#harness/contracts/session/read-plan.ts'
import { watchCut } from '#harness/contracts/session/watch-cut.ts'
import { sessionClientScenarioSchema } from '#harness/scenario/session-client-scenario-schema.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'

/** A scenario's `given` with the schema's defaults applied. */
function given(partial: Record<string, unknown>): SessionGiven {
  return sessionClientScenarioSchema.parse({ title: 't', port: 'session-client', given: partial }).given as SessionGiven
}

describe('readPlan, from the scenario alone', () => {
  test('the report replay: the reply is cut and a read reads it whole', () => {
    expect(readPlan(given({ reply: 'numbers-1-to-2500' }))).toMatchObject({ replyCut: true, finalCut: true, olderServer: false, wholeReachable: true, finalWholeExpected: true, watchCut: undefined })
  })
  test('an older server: the cut reply cannot be read whole', () => {
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['unimplemented'] }))).toMatchObject({ olderServer: true, firstAnswer: 'unimplemented', wholeReachable: false, finalWholeExpected: false })
  })
  test('reads that hang past the deadline leave a read open at it', () => {
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['hang'], timeoutMs: 600, tryTimeoutMs: 400 }))).toMatchObject({ transientFirst: true, hungTries: 12, openAtDeadline: true, finalWholeExpected: false })
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['hang', 'ok'], tryTimeoutMs: 200 }))).toMatchObject({ hungTries: 1, openAtDeadline: false, firstOk: 1, wholeReachable: true })
  })
  test('hung tries count wherever they come among the settling reply\'s tries, up to its first ok or permanent answer', () => {
    const quick = Array<string>(11).fill('unavailable')
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: [...quick, 'hang'], timeoutMs: 2000, tryTimeoutMs: 2400 }))).toMatchObject({ hungTries: 1, openAtDeadline: true, expectedExit: 2, finalWholeExpected: false })
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['unavailable', 'hang', 'internal', 'hang', 'ok'], timeoutMs: 1000, tryTimeoutMs: 500 }))).toMatchObject({ hungTries: 2, openAtDeadline: true, expectedExit: 2 })
    // an ok before the hangs (or a permanent answer) ends the tries: nothing after it is made
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['unavailable', 'ok', 'hang'], timeoutMs: 1000, tryTimeoutMs: 2000 }))).toMatchObject({ hungTries: 0, openAtDeadline: false, expectedExit: 0, wholeReachable: true })
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['unavailable', 'not_found', 'hang'], timeoutMs: 1000, tryTimeoutMs: 2000 }))).toMatchObject({ hungTries: 0, openAtDeadline: false, expectedExit: 0 })
    // hangs that end before the deadline, wherever they are: the client reads on and settles
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: [...quick, 'hang'], timeoutMs: 5000, tryTimeoutMs: 400 }))).toMatchObject({ hungTries: 1, openAtDeadline: false, expectedExit: 0 })
  })
  test('a short reply is never cut: nothing to read', () => {
    expect(readPlan(given({ reply: 'short' }))).toMatchObject({ replyCut: false, wholeReachable: false, finalWholeExpected: true })
  })
  test('a read that fails permanently (not_found) before any ok: the reply stays cut', () => {
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['not_found', 'ok'] }))).toMatchObject({ firstPermanent: 0, firstOk: -1, wholeReachable: false, finalWholeExpected: false, expectedExit: 0 })
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['deadline_exceeded', 'ok'] }))).toMatchObject({ transientFirst: true, firstOk: 1, wholeReachable: true })
  })
  test('how a correct client exits: 1 for an unknown session, 2 when a frame is held back past the deadline, else 0', () => {
    expect(readPlan(given({ reply: 'short', session: 'unknown' }))).toMatchObject({ sessionKnown: false, expectedExit: 1, finalWholeExpected: false, watchCut: undefined })
    expect(readPlan(given({ reply: 'short', framesBefore: 2, faults: [{ watch: 1, atFrame: 1, kind: 'delay', ms: 5000 }], timeoutMs: 500 }))).toMatchObject({ watchOutlastsDeadline: true, expectedExit: 2 })
    expect(readPlan(given({ reply: 'short', framesBefore: 2, faults: [{ watch: 1, atFrame: 1, kind: 'delay', ms: 150 }] }))).toMatchObject({ watchOutlastsDeadline: false, expectedExit: 0 })
  })
})

describe('watchFailure: a permanent end-of-stream error a correct client meets before the settling frame', () => {
  const endError = (watch: number, atFrame: number, code: string) => ({ watch, atFrame, kind: 'end-error', code })
  test('on the first call: the client exits 1, and nothing is resumed (no watch cut, no read due)', () => {
    const plan = readPlan(given({ reply: 'numbers-1-to-2500', framesBefore: 3, faults: [endError(1, 1, 'permission_denied')] }))
    expect(plan).toMatchObject({ watchFailure: { watch: 1, code: 'permission_denied' }, expectedExit: 1, watchCut: undefined, wholeReachable: false, finalWholeExpected: false })
  })
  test('after a transient one the client reconnects and meets it on the next call, resumed from its cursor', () => {
    const plan = readPlan(given({ reply: 'short', framesBefore: 4, faults: [endError(1, 2, 'unavailable'), endError(2, 1, 'not_found')] }))
    expect(plan).toMatchObject({ watchFailure: { watch: 2, code: 'not_found' }, expectedExit: 1, watchCut: { kind: 'end-error', framesBefore: 2 } })
  })
  test('past the settling frame (the call resumed at frame 3 has only 2 left) or after transient codes only: none', () => {
    expect(readPlan(given({ reply: 'short', framesBefore: 4, faults: [endError(1, 3, 'internal'), endError(2, 2, 'failed_precondition')] }))).toMatchObject({ watchFailure: undefined, expectedExit: 0 })
    expect(readPlan(given({ reply: 'short', framesBefore: 4, faults: [endError(1, 1, 'unknown'), endError(2, 1, 'resource_exhausted')] }))).toMatchObject({ watchFailure: undefined, expectedExit: 0, watchCut: { kind: 'end-error' } })
  })
  test('a call that is never made (no fault ends the one before it) never fails the watch', () => {
    expect(readPlan(given({ reply: 'short', framesBefore: 4, faults: [endError(2, 0, 'permission_denied')] }))).toMatchObject({ watchFailure: undefined, expectedExit: 0 })
  })
  test('the schema wants a code for an end-error, and only a Connect code', () => {
    expect(() => given({ reply: 'short', faults: [{ watch: 1, atFrame: 0, kind: 'end-error' }] })).toThrow(/a code for an end-error/)
    expect(() => given({ reply: 'short', faults: [{ watch: 1, atFrame: 0, kind: 'end-error', code: 'CANCEL' }] })).toThrow(/an end-error \(unavailable/)
    expect(() => given({ reply: 'short', faults: [{ watch: 1, atFrame: 0, kind: 'rst', code: 'unavailable' }] })).toThrow(/a code only for a goaway/)
  })
})

describe('watchCut: a fault that ends the first watch before its settling frame', () => {
  test('a GOAWAY at frame 2 ends it after 2 frames', () => {
    expect(watchCut(given({ reply: 'short', framesBefore: 4, faults: [{ watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR' }] }))).toEqual({ kind: 'goaway', framesBefore: 2, frames: 5, refused: false })
  })
  test('a cut at a byte offset ends it inside a frame', () => {
    expect(watchCut(given({ reply: 'short', framesBefore: 3, faults: [{ watch: 1, atByte: 150, kind: 'cut' }] }))).toMatchObject({ kind: 'cut', framesBefore: 1 })
  })
  test('a no-end before the settling frame ends it there; after the settling frame it ends nothing', () => {
    expect(watchCut(given({ reply: 'short', framesBefore: 3, faults: [{ watch: 1, atFrame: 2, kind: 'no-end' }] }))).toMatchObject({ kind: 'no-end', framesBefore: 2 })
    expect(watchCut(given({ reply: 'short', framesBefore: 3, faults: [{ watch: 1, atFrame: 4, kind: 'no-end' }] }))).toBeUndefined()
  })
  test('none: no fault, only a delay, or a fault past the last frame', () => {
    expect(watchCut(given({ reply: 'short' }))).toBeUndefined()
    expect(watchCut(given({ reply: 'short', faults: [{ watch: 1, atFrame: 1, kind: 'delay', ms: 10 }] }))).toBeUndefined()
    expect(watchCut(given({ reply: 'short', faults: [{ watch: 1, atFrame: 9, kind: 'drop' }] }))).toBeUndefined()
  })
  test('a fault of a later watch only, with none on the first: nothing ends the first', () => {
    expect(watchCut(given({ reply: 'short', faults: [{ watch: 2, atFrame: 0, kind: 'rst', code: 'CANCEL' }] }))).toBeUndefined()
  })
})

test('what each bundled session-client scenario exercises, decided from the scenario alone', () => {
  const short: Record<string, string> = {
    'recovery/reply-read-whole': 'reply',
    'recovery/older-server-keeps-marker': 'older',
    'recovery/transient-read-retried': 'transient',
    'recovery/deadline-is-timeout': 'deadline',
    'recovery/stream-resumes-from-cursor': 'stream',
    'size/view-marker-exact': 'marker',
    'recovery/failed-read-keeps-marker': 'failed',
    'recovery/reconnect-backs-off': 'backoff',
    'output/form-exact': 'form',
  }
  const exercised = Object.fromEntries(bundledScenarios.filter((s) => s.scenario.port === 'session-client').map((s) => [s.id.split('/').pop(), s.exercises.map((id) => short[id] ?? id).join(' ')]))
  expect(exercised).toEqual({
    'cjk-older-server': 'older marker form',
    'cjk-read-whole': 'reply form',
    'combining-older-server': 'older marker form',
    'combining-read-whole': 'reply form',
    'connection-dropped': 'reply stream backoff form',
    'cut-mid-byte': 'reply stream backoff form',
    'delayed-frame': 'reply form',
    'emoji-older-server': 'older marker form',
    'emoji-read-whole': 'reply form',
    eviction: 'reply transient form',
    'failed-read-then-later-frame': 'reply transient form',
    'goaway-at-frame': 'reply stream backoff form',
    'goaway-error-code': 'reply stream backoff form',
    'hung-first-try': 'reply transient form',
    'incomplete-envelope': 'reply stream backoff form',
    'no-end-of-stream': 'reply form',
    'numbers-1-to-2500': 'reply form',
    'older-server': 'older marker form',
    'read-outlasts-timeout': 'transient deadline',
    'recovered-reply-next-turn': 'reply transient form',
    'rst-stream': 'reply stream backoff form',
    'wait-ends-on-failed-read-frame': 'reply transient form',
    'whole-reply-in-transcript': 'reply form',
    // scenarios/session-client/
    'generated-25000-lines': 'reply transient form',
    'generated-reply-older-server-text': 'older form', // text output: the marker is measured in a JSON reply only
    'backoff-while-dropped': 'reply stream backoff form',
    'backoff-six-drops': 'reply stream backoff form',
    'backoff-fruitless-end-errors': 'reply stream backoff form',
    'deadline-exceeded-read': 'reply transient form',
    'deadline-exceeded-read-try-over-deadline': 'reply transient form',
    'frame-outlasts-timeout': 'deadline',
    'deadline-in-reconnect-wait': 'deadline stream backoff', // the waits due reach past the deadline: exit 2, no output to judge
    'goaway-drain-close': 'reply stream backoff form',
    'goaway-drain-internal-error': 'reply stream backoff form',
    'goaway-refused-resume': 'reply stream backoff form',
    'goaway-refused-stream': 'reply stream form',
    'goaway-two-step': 'reply stream backoff form',
    'hung-try-abandoned': 'reply transient form',
    'message-gone': 'marker failed form',
    'message-gone-before-settling': 'marker failed form',
    'no-end-before-settling': 'reply stream backoff form',
    'older-server-on-later-frames': 'older marker form',
    'older-server-text': 'older form',
    'older-server-later-turn-text': 'reply older form', // the earlier reply stays cut, the settling one is judged on its own
    'prompts-shown-late-text': 'reply form',
    'deadline-passes-on-last-try': 'transient deadline',
    'try-far-over-deadline': 'deadline', // a try over the deadline is cut to the time left: cancelled at it
    'read-whole-on-last-try': 'reply transient form',
    'read-answers-aborted': 'reply transient form', // aborted, canceled, unknown: transient codes, each retried
    'read-drop-ends-the-watch': 'reply transient stream backoff form',
    'read-loses-connection': 'reply transient form', // a try that loses its connection fails transiently
    'reads-keep-failing': 'transient marker failed form',
    'reads-keep-failing-text': 'transient failed form',
    'reads-fail-later-turn-text': 'reply transient failed form',
    'settling-read-fails-twice': 'reply transient form',
    'settling-reads-keep-failing': 'transient marker failed form',
    'two-replies-in-settling-frame': 'reply form',
    'unknown-session': 'form',
    'watch-ends-invalid-argument': 'form', // watch 1 fails for good before any reconnect: exit 1
    'watch-ends-permission-denied': 'backoff form', // watch 1 ends under the client (a reconnect is due), watch 2 fails for good: exit 1
    'watch-ends-transient-errors': 'reply stream backoff form',
  })
})
