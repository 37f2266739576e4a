import { describe, expect, test } from 'vitest'
import { planWatch } from '#harness/servers/session-server/watch-plan.ts'
import type { WatchPlan } from '#harness/servers/session-server/watch-plan.ts'
import { sampleScript } from '#harness/__test-helpers__/session-server/sample-script.ts'
import { encodeEnvelope, endStreamFlag } from '#harness/servers/session-server/connect-envelope.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

/** The plan as a readable list: `frame c0`, `end`, `piece 12` (bytes completing nothing), `fault cut@frame:2`. */
function outline(plan: WatchPlan): string[] {
  return plan.steps.map((step) => {
    if (step.type === 'fault') return `fault ${step.fault.kind}@${Object.entries(step.at)[0].join(':')}`
    if (step.completes === 'end-stream') return step.bytes.length === encodeEnvelope(endStreamFlag, {}).length ? 'end' : `end-rest ${step.bytes.length}`
    return step.completes ? `frame ${step.completes.cursor}` : `piece ${step.bytes.length}`
  })
}

const request = { sessionId: 's1' }
const frameSize = (index: number) => encodeEnvelope(0, sampleScript().frames[index]).length

describe('planWatch', () => {
  test('without a fault: every frame, then the end-of-stream envelope', () => {
    expect(outline(planWatch(sampleScript(), 1, request))).toEqual(['frame c0', 'frame c1', 'frame c2', 'frame c3', 'end'])
  })

  test('resuming from a cursor skips the frames up to and including it', () => {
    const plan = planWatch(sampleScript(), 1, { sessionId: 's1', cursor: 'c1' })
    expect(plan.cursor).toBe('c1')
    expect(outline(plan)).toEqual(['frame c2', 'frame c3', 'end'])
    expect(outline(planWatch(sampleScript(), 1, { sessionId: 's1', cursor: '' }))).toHaveLength(5)
  })

  test('a fault applies only to its watch call, before the frame at its index within that call', () => {
    const script = sampleScript([{ watch: 2, atFrame: 1, kind: 'goaway', code: 'NO_ERROR' }])
    expect(outline(planWatch(script, 1, request))).toHaveLength(5)
    expect(outline(planWatch(script, 2, { ...request, cursor: 'c0' }))).toEqual(['frame c1', 'fault goaway@frame:1'])
  })

  test('a cut at a frame writes the first half of that envelope; at a byte it splits there', () => {
    const atFrame = planWatch(sampleScript([{ watch: 1, atFrame: 1, kind: 'cut' }]), 1, request)
    expect(outline(atFrame)).toEqual(['frame c0', `piece ${Math.floor(frameSize(1) / 2)}`, 'fault cut@frame:1'])
    const atByte = planWatch(sampleScript([{ watch: 1, atByte: frameSize(0) + 3, kind: 'rst', code: 'CANCEL' }]), 1, request)
    expect(outline(atByte)).toEqual(['frame c0', 'piece 3', 'fault rst@byte:' + (frameSize(0) + 3)])
  })

  test('no-end applies at an envelope boundary: before the frame at atFrame (past the last: before the end-of-stream envelope)', () => {
    const plan = (fault: WatchFault) => outline(planWatch(sampleScript([fault]), 1, request))
    expect(plan({ watch: 1, atFrame: 2, kind: 'no-end' })).toEqual(['frame c0', 'frame c1', 'fault no-end@frame:2'])
    expect(plan({ watch: 1, atFrame: 0, kind: 'no-end' })).toEqual(['fault no-end@frame:0'])
    expect(plan({ watch: 1, atFrame: 4, kind: 'no-end' })).toEqual(['frame c0', 'frame c1', 'frame c2', 'frame c3', 'fault no-end@frame:4'])
    expect(plan({ watch: 1, atFrame: 99, kind: 'no-end' })).toEqual(['frame c0', 'frame c1', 'frame c2', 'frame c3', 'fault no-end@frame:4'])
    expect(plan({ watch: 1, atByte: frameSize(0) + 1, kind: 'no-end' })).toEqual(['frame c0', 'frame c1', 'fault no-end@frame:2'])
  })

  test('an end-error applies at an envelope boundary as no-end does, and ends the call: a later fault of it never applies', () => {
    const plan = (...faults: WatchFault[]) => outline(planWatch(sampleScript(faults), 1, request))
    expect(plan({ watch: 1, atFrame: 2, kind: 'end-error', code: 'unavailable' })).toEqual(['frame c0', 'frame c1', 'fault end-error@frame:2'])
    expect(plan({ watch: 1, atFrame: 99, kind: 'end-error', code: 'not_found' })).toEqual(['frame c0', 'frame c1', 'frame c2', 'frame c3', 'fault end-error@frame:4'])
    expect(plan({ watch: 1, atByte: frameSize(0) + 1, kind: 'end-error', code: 'aborted' }, { watch: 1, atFrame: 3, kind: 'drop' })).toEqual(['frame c0', 'frame c1', 'fault end-error@frame:2'])
  })

  test('refuse is the whole plan, before any byte, wherever it is placed; a shutdown notice does not end the call', () => {
    expect(outline(planWatch(sampleScript([{ watch: 1, atFrame: 1, kind: 'delay', ms: 5 }, { watch: 1, atFrame: 0, kind: 'refuse' }]), 1, request))).toEqual(['fault refuse@frame:0'])
    expect(outline(planWatch(sampleScript([{ watch: 1, atFrame: 1, kind: 'goaway-notice' }, { watch: 1, atFrame: 3, kind: 'goaway', code: 'NO_ERROR' }]), 1, request))).toEqual([
      'frame c0', 'fault goaway-notice@frame:1', 'frame c1', 'frame c2', 'fault goaway@frame:3',
    ])
  })

  test('a delay does not end the call: the envelope it splits completes after it, and a later fault still applies', () => {
    const faults: WatchFault[] = [
      { watch: 1, atFrame: 2, kind: 'drop' },
      { watch: 1, atByte: 2, kind: 'delay', ms: 5 },
    ]
    expect(outline(planWatch(sampleScript(faults), 1, request))).toEqual(['piece 2', 'fault delay@byte:2', 'frame c0', 'frame c1', 'fault drop@frame:2'])
  })

  test('a fault past the body is clamped to apply before the body is complete', () => {
    expect(outline(planWatch(sampleScript([{ watch: 1, atFrame: 99, kind: 'goaway', code: 'NO_ERROR' }]), 1, request)).at(-1)).toBe('fault goaway@frame:4')
    const endSize = encodeEnvelope(endStreamFlag, {}).length
    const total = [0, 1, 2, 3].reduce((sum, index) => sum + frameSize(index), endSize)
    expect(outline(planWatch(sampleScript([{ watch: 1, atByte: 10_000, kind: 'cut' }]), 1, request)).slice(-2)).toEqual([
      `piece ${endSize - 1}`,
      `fault cut@byte:${total - 1}`,
    ])
  })

  test('an unknown session is not_found and a bad request or unknown cursor invalid_argument, each in the end-of-stream envelope', () => {
    const script = sampleScript([{ watch: 1, atFrame: 0, kind: 'drop' }])
    const payload = (plan: WatchPlan) => JSON.parse(new TextDecoder().decode((plan.steps[0] as { bytes: Uint8Array }).bytes.subarray(5))) as { error: { code: string } }
    for (const [body, code] of [
      [{ sessionId: 'nope' }, 'not_found'],
      [{ sessionId: 's1', cursor: 'c9' }, 'invalid_argument'],
      [{ cursor: 'c1' }, 'invalid_argument'],
      [undefined, 'invalid_argument'],
    ] as const) {
      const plan = planWatch(script, 1, body)
      expect([plan.error, plan.steps.length, payload(plan).error.code]).toEqual([code, 1, code])
    }
  })
})
