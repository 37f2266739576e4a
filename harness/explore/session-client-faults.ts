import fc from 'fast-check'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'
import { watchEndCodes } from '#harness/servers/session-server/watch-end-codes.ts'
import type { WatchEndCode } from '#harness/servers/session-server/watch-end-codes.ts'

/** Where a drawn fault falls in its watch call: a frame or a byte, as a fraction (0‰ to 1000‰) of that call's frames or body. */
export type DrawnPosition = { frame: number } | { byte: number }

/** A fault as the explorer draws it: one of each kind the session server injects, or a two-step GOAWAY (a notice, then a goaway later in the same call). */
export type DrawnFault =
  | { kind: 'goaway'; watch: number; at: DrawnPosition; code: 'NO_ERROR'; then: 'CANCEL' | 'INTERNAL_ERROR' | 'close'; graceMs: number }
  | { kind: 'goaway'; watch: number; at: DrawnPosition; code: 'INTERNAL_ERROR' | 'ENHANCE_YOUR_CALM'; graceMs: number }
  | { kind: 'goaway-notice'; watch: number; at: DrawnPosition }
  | { kind: 'two-step'; watch: number; at: DrawnPosition; later: number; then: 'CANCEL' | 'INTERNAL_ERROR' | 'close' }
  | { kind: 'refuse'; watch: number }
  | { kind: 'rst'; watch: number; at: DrawnPosition; code: 'CANCEL' | 'INTERNAL_ERROR' }
  | { kind: 'cut' | 'no-end' | 'drop'; watch: number; at: DrawnPosition }
  | { kind: 'delay'; watch: number; at: DrawnPosition; ms: number }
  | { kind: 'end-error'; watch: number; at: DrawnPosition; code: WatchEndCode }

/** Which watch call: mostly the first, sometimes the one after a reconnect, or the one after that. */
const watch = fc.oneof({ arbitrary: fc.constant(1), weight: 6 }, { arbitrary: fc.constant(2), weight: 2 }, { arbitrary: fc.constant(3), weight: 1 })
/** A position: before the call's first frame (a call that brings none), at any frame, or at any byte of the body. */
const at: fc.Arbitrary<DrawnPosition> = fc.oneof(
  { arbitrary: fc.constant({ frame: 0 }), weight: 1 },
  { arbitrary: fc.record({ frame: fc.integer({ min: 0, max: 1000 }) }), weight: 2 },
  { arbitrary: fc.record({ byte: fc.integer({ min: 0, max: 1000 }) }), weight: 1 },
)
const then = fc.constantFrom('CANCEL' as const, 'INTERNAL_ERROR' as const, 'close' as const)

/** The faults of one case: none to three, each of any kind at any frame or byte of any of the first three watch calls. */
export const drawnFaults: fc.Arbitrary<DrawnFault[]> = fc.array(
  fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('goaway' as const), watch, at, code: fc.constant('NO_ERROR' as const), then, graceMs: fc.integer({ min: 0, max: 150 }) }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('goaway' as const), watch, at, code: fc.constantFrom('INTERNAL_ERROR' as const, 'ENHANCE_YOUR_CALM' as const), graceMs: fc.integer({ min: 0, max: 60 }) }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('goaway-notice' as const), watch, at }), weight: 1 },
    { arbitrary: fc.record({ kind: fc.constant('two-step' as const), watch, at, later: fc.integer({ min: 0, max: 1000 }), then }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constant('refuse' as const), watch }), weight: 3 },
    { arbitrary: fc.record({ kind: fc.constant('rst' as const), watch, at, code: fc.constantFrom('CANCEL' as const, 'INTERNAL_ERROR' as const) }), weight: 2 },
    { arbitrary: fc.record({ kind: fc.constantFrom('cut' as const, 'no-end' as const, 'drop' as const), watch, at }), weight: 5 },
    { arbitrary: fc.record({ kind: fc.constant('delay' as const), watch, at, ms: fc.integer({ min: 1, max: 120 }) }), weight: 1 },
    // an end-of-stream error: mostly a transient code (reconnect), sometimes a permanent one (exit 1)
    { arbitrary: fc.record({ kind: fc.constant('end-error' as const), watch, at, code: fc.oneof({ arbitrary: fc.constantFrom(...watchEndCodes.transient), weight: 4 }, { arbitrary: fc.constantFrom(...watchEndCodes.permanent), weight: 1 }) }), weight: 3 },
  ),
  { maxLength: 3 },
)

/** What a watch call of the served session spans: its frames (the settling one last) and the bytes of its body. */
export interface CallSpan {
  frames: number
  bodyBytes: number
}

/** The scenario's faults for drawn ones: positions scaled to the first call's frames or body (a later call counts from its resume point, and the server clamps). */
export function placeFaults(drawn: readonly DrawnFault[], span: CallSpan): WatchFault[] {
  const position = (p: DrawnPosition): { atFrame: number } | { atByte: number } =>
    'frame' in p ? { atFrame: Math.round((p.frame / 1000) * span.frames) } : { atByte: Math.round((p.byte / 1000) * Math.max(0, span.bodyBytes - 1)) }
  return drawn.flatMap((f): WatchFault[] => {
    switch (f.kind) {
      case 'refuse':
        return [{ watch: f.watch, atFrame: 0, kind: 'refuse' }]
      case 'goaway':
        if (f.code === 'NO_ERROR') return [{ watch: f.watch, ...position(f.at), kind: 'goaway', code: 'NO_ERROR', then: f.then, ...(f.then === 'close' ? { graceMs: f.graceMs } : {}) }]
        return [{ watch: f.watch, ...position(f.at), kind: 'goaway', code: f.code, graceMs: f.graceMs }]
      case 'two-step': {
        const notice = position(f.at)
        const from = 'atFrame' in notice ? notice.atFrame : 0
        const second = 'atFrame' in notice ? { atFrame: from + Math.round((f.later / 1000) * (span.frames - from)) } : { atByte: notice.atByte + Math.round((f.later / 1000) * Math.max(0, span.bodyBytes - 1 - notice.atByte)) }
        return [
          { watch: f.watch, ...notice, kind: 'goaway-notice' },
          { watch: f.watch, ...second, kind: 'goaway', code: 'NO_ERROR', then: f.then },
        ]
      }
      case 'rst':
        return [{ watch: f.watch, ...position(f.at), kind: 'rst', code: f.code }]
      case 'delay':
        return [{ watch: f.watch, ...position(f.at), kind: 'delay', ms: f.ms }]
      case 'end-error':
        return [{ watch: f.watch, ...position(f.at), kind: 'end-error', code: f.code }]
      default:
        return [{ watch: f.watch, ...position(f.at), kind: f.kind } as WatchFault]
    }
  })
}
