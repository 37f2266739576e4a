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
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['hang'], timeoutMs: 600, tryTimeoutMs: 400 }))).toMatchObject({ transientFirst: true, leadingHangs: 12, openAtDeadline: true, finalWholeExpected: false })
    expect(readPlan(given({ reply: 'numbers-1-to-2500', reads: ['hang', 'ok'], tryTimeoutMs: 200 }))).toMatchObject({ leadingHangs: 1, openAtDeadline: false, firstOk: 1, wholeReachable: true })
  })
  test('a short reply is never cut: nothing to read', () => {
    expect(readPlan(given({ reply: 'short' }))).toMatchObject({ replyCut: false, wholeReachable: false, finalWholeExpected: true })
  })
})

describe('watchCut: a fault that ends the first watch before its settling frame', () => {
  test('a GOAWAY at frame 2 ends it after 2 frames', () => {
    expect(watchCut(given({ reply: 'short', framesBefore: 4, faults: [{ watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR' }] }))).toEqual({ kind: 'goaway', framesBefore: 2, frames: 5 })
  })
  test('a cut at a byte offset ends it inside a frame', () => {
    expect(watchCut(given({ reply: 'short', framesBefore: 3, faults: [{ watch: 1, atByte: 150, kind: 'cut' }] }))).toMatchObject({ kind: 'cut', framesBefore: 1 })
  })
  test('none: no fault, only a delay, a no-end (always after the settling frame), or a fault past the last frame', () => {
    expect(watchCut(given({ reply: 'short' }))).toBeUndefined()
    expect(watchCut(given({ reply: 'short', faults: [{ watch: 1, atFrame: 1, kind: 'delay', ms: 10 }] }))).toBeUndefined()
    expect(watchCut(given({ reply: 'short', framesBefore: 3, faults: [{ watch: 1, atFrame: 2, kind: 'no-end' }] }))).toBeUndefined()
    expect(watchCut(given({ reply: 'short', faults: [{ watch: 1, atFrame: 9, kind: 'drop' }] }))).toBeUndefined()
  })
  test('a fault of a later watch only, with none on the first: nothing ends the first', () => {
    expect(watchCut(given({ reply: 'short', faults: [{ watch: 2, atFrame: 0, kind: 'rst', code: 'CANCEL' }] }))).toBeUndefined()
  })
})

test('what each bundled DEP-8516 scenario exercises, decided from the scenario alone', () => {
  const exercised = Object.fromEntries(bundledScenarios.filter((s) => s.scenario.port === 'session-client').map((s) => [s.id.split('/').pop(), s.exercises.join(' ')]))
  const [reply, older, transient, deadline, stream, marker] = ['recovery/reply-read-whole', 'recovery/older-server-keeps-marker', 'recovery/transient-read-retried', 'recovery/deadline-is-timeout', 'recovery/stream-resumes-from-cursor', 'size/view-marker-exact']
  expect(exercised).toEqual({
    'cjk-older-server': `${older} ${marker}`,
    'cjk-read-whole': reply,
    'combining-older-server': `${older} ${marker}`,
    'combining-read-whole': reply,
    'connection-dropped': `${reply} ${stream}`,
    'cut-mid-byte': `${reply} ${stream}`,
    'delayed-frame': reply,
    'emoji-older-server': `${older} ${marker}`,
    'emoji-read-whole': reply,
    eviction: `${reply} ${transient}`,
    'failed-read-then-later-frame': `${reply} ${transient}`,
    'goaway-at-frame': `${reply} ${stream}`,
    'goaway-error-code': `${reply} ${stream}`,
    'hung-first-try': `${reply} ${transient}`,
    'incomplete-envelope': `${reply} ${stream}`,
    'no-end-of-stream': reply,
    'numbers-1-to-2500': reply,
    'older-server': `${older} ${marker}`,
    'read-outlasts-timeout': `${transient} ${deadline}`,
    'recovered-reply-next-turn': `${reply} ${transient}`,
    'rst-stream': `${reply} ${stream}`,
    'wait-ends-on-failed-read-frame': `${reply} ${transient}`,
    'whole-reply-in-transcript': reply,
  })
})
