import type { SessionScript, WatchFault } from '#harness/servers/session-server/session-script.ts'
import { nonEndingFaults } from '#harness/servers/session-server/session-script.ts'
import type { FaultPosition } from '#harness/servers/session-server/server-event.ts'
import type { ConnectCode } from '#harness/servers/session-server/connect-error.ts'
import { encodeEnvelope, endStreamFlag } from '#harness/servers/session-server/connect-envelope.ts'

/**
 * One step of a watch call's response: a piece of the body (maybe completing an envelope) or a fault to apply. In a
 * call no fault applies to, a step's `bytes` are encoded each time they are read: read them once per write.
 */
export type WatchStep =
  | { type: 'bytes'; bytes: Uint8Array; completes: { frame: number; cursor: string } | 'end-stream' | null }
  | { type: 'fault'; fault: WatchFault; at: FaultPosition; offset: number }

/** What one WatchSession call sends, in order: the request's cursor, the Connect error it ends with (if any), and its steps. */
export interface WatchPlan {
  cursor: string | null
  error: ConnectCode | null
  steps: WatchStep[]
}

interface Envelope {
  bytes: Uint8Array
  start: number
  completes: { frame: number; cursor: string } | 'end-stream'
}

/** Plans the `call`-th WatchSession call (1-based) for a decoded request: frames after its cursor, the end-of-stream envelope, and this call's faults. */
export function planWatch(script: SessionScript, call: number, request: unknown): WatchPlan {
  // Faults are split in at their byte offsets. A position is clamped so the fault always applies before the body is
  // complete (`atFrame` past the last frame: before the end-of-stream envelope; `atByte` past the end: its last byte);
  // a `no-end` or an `end-error` applies at an envelope boundary (at `atFrame`, or the first boundary at or after
  // `atByte`), so past the settling frame it is just before (in place of) the end-of-stream envelope; a `cut` at a frame writes half of that envelope; a
  // `refuse` is always first, before the response. Every fault but `delay` and `goaway-notice` ends the call, so a
  // later fault of the same call never applies.
  const parsed = parseRequest(request)
  if (typeof parsed === 'string') return errorPlan(null, 'invalid_argument', parsed)
  const { sessionId, cursor } = parsed
  if (sessionId !== script.sessionId) return errorPlan(cursor, 'not_found', `no session ${JSON.stringify(sessionId)}`)
  const after = cursor ? script.frames.findIndex((frame) => frame.cursor === cursor) : -1
  if (cursor && after < 0) return errorPlan(cursor, 'invalid_argument', `unknown cursor ${JSON.stringify(cursor)}`)
  if (!script.faults.some((fault) => fault.watch === call)) return { cursor, error: null, steps: envelopesAsWritten(script, after) }

  const envelopes: Envelope[] = []
  let total = 0
  const push = (bytes: Uint8Array, completes: Envelope['completes']) => {
    envelopes.push({ bytes, start: total, completes })
    total += bytes.length
  }
  script.frames.forEach((frame, index) => {
    if (index > after) push(encodeEnvelope(0, frame), { frame: index, cursor: frame.cursor })
  })
  push(encodeEnvelope(endStreamFlag, {}), 'end-stream')

  const faults = script.faults
    .filter((fault) => fault.watch === call)
    .map((fault) => placeFault(fault, envelopes, total))
    .sort((a, b) => a.offset - b.offset)
  const refused = faults.find((step) => step.fault.kind === 'refuse')
  return { cursor, error: null, steps: refused ? [refused] : interleave(envelopes, faults) }
}

/**
 * The steps of a call no fault applies to: each frame after `after`, then the end-of-stream envelope, every envelope
 * whole. No offset is needed, so none is encoded ahead: each envelope is encoded as it is written and dropped once
 * written, and a long watch neither waits for all of it to be encoded nor holds all of it in memory.
 */
function envelopesAsWritten(script: SessionScript, after: number): WatchStep[] {
  const steps: WatchStep[] = script.frames.slice(after + 1).map((frame, i) => lazyBytes(() => encodeEnvelope(0, frame), { frame: after + 1 + i, cursor: frame.cursor }))
  steps.push(lazyBytes(() => encodeEnvelope(endStreamFlag, {}), 'end-stream'))
  return steps
}

/** A `bytes` step whose bytes are encoded each time they are read (the same bytes every time), and never kept. */
function lazyBytes(encode: () => Uint8Array, completes: Extract<WatchStep, { type: 'bytes' }>['completes']): WatchStep {
  return {
    type: 'bytes',
    get bytes() {
      return encode()
    },
    completes,
  }
}

function parseRequest(request: unknown): { sessionId: string; cursor: string | null } | string {
  if (typeof request !== 'object' || request === null || Array.isArray(request)) return 'the request is not a JSON object'
  const { sessionId, cursor } = request as Record<string, unknown>
  if (typeof sessionId !== 'string') return 'sessionId must be a string'
  if (cursor !== undefined && cursor !== null && typeof cursor !== 'string') return 'cursor must be a string'
  return { sessionId, cursor: typeof cursor === 'string' ? cursor : null }
}

function errorPlan(cursor: string | null, code: ConnectCode, message: string): WatchPlan {
  const bytes = encodeEnvelope(endStreamFlag, { error: { code, message } })
  return { cursor, error: code, steps: [{ type: 'bytes', bytes, completes: 'end-stream' }] }
}

function placeFault(fault: WatchFault, envelopes: Envelope[], total: number): Extract<WatchStep, { type: 'fault' }> {
  const frames = envelopes.length - 1
  if (fault.kind === 'refuse') return { type: 'fault', fault, at: { frame: 0 }, offset: 0 }
  if (fault.kind === 'no-end' || fault.kind === 'end-error') {
    const frame = 'atByte' in fault ? envelopes.findIndex((e, i) => e.start >= fault.atByte || i === frames) : Math.max(0, Math.min(fault.atFrame, frames))
    return { type: 'fault', fault, at: { frame }, offset: envelopes[frame].start }
  }
  if ('atByte' in fault) {
    const byte = Math.max(0, Math.min(fault.atByte, total - 1))
    return { type: 'fault', fault, at: { byte }, offset: byte }
  }
  const frame = Math.max(0, Math.min(fault.atFrame, frames))
  const envelope = envelopes[frame]
  const offset = envelope.start + (fault.kind === 'cut' ? Math.floor(envelope.bytes.length / 2) : 0)
  return { type: 'fault', fault, at: { frame }, offset }
}

function interleave(envelopes: Envelope[], faults: Array<Extract<WatchStep, { type: 'fault' }>>): WatchStep[] {
  const steps: WatchStep[] = []
  let next = 0
  for (const envelope of envelopes) {
    let written = 0
    while (next < faults.length && faults[next].offset < envelope.start + envelope.bytes.length) {
      const fault = faults[next++]
      const upTo = fault.offset - envelope.start
      if (upTo > written) steps.push({ type: 'bytes', bytes: envelope.bytes.subarray(written, upTo), completes: null })
      written = Math.max(written, upTo)
      steps.push(fault)
      if (!nonEndingFaults.has(fault.fault.kind)) return steps
    }
    steps.push({ type: 'bytes', bytes: envelope.bytes.subarray(written), completes: envelope.completes })
  }
  return steps
}
