import type { SessionRun } from '#harness/contracts/session/session-run.ts'

/** One WatchSession call as the server saw it: the cursor it asked with, the frames (script indexes) it wrote whole, how it ended. */
export interface DeliveredCall {
  watch: number
  cursor: string | null
  frames: number[]
  /**
   * How many of `frames` were written before the call's shutdown notice (GOAWAY 2^31−1), or before a read on the same
   * connection was answered by dropping it, whichever came first: the frames after it may never reach the client.
   */
  mayBeLostFrom?: number
  end?: string
}

/** The frames a run delivered to the client, in order, as the server wrote them and the client's resumes show them. */
export interface WatchDeliveries {
  calls: DeliveredCall[]
  /** Every frame taken as delivered (script indexes), call after call. */
  delivered: number[]
  /** Frames written after a shutdown notice or a dropped connection that the client's next call shows it never got. */
  inFlight: number[]
  /** The first call that did not ask for the last cursor delivered before it. */
  mismatch?: { watch: number; asked: string | null; lastReceived: string | null }
}

/**
 * Reads the frames the client was given, call by call. Frames are those the server wrote whole; a refused call
 * (RFC 9113 §8.7: nothing processed) wrote none, so its replay is never a duplicate. A frame written after a shutdown
 * notice (the first GOAWAY of a two-step shutdown) is taken as delivered only if the client's next call resumes at or
 * after it: HTTP/2 libraries that fail the stream at any GOAWAY (undici 7, httpcore 0.16) drop the connection there,
 * and the frames then in flight never reach the client, so resending them is no duplicate. Before every GOAWAY the
 * server waits for a PING's ACK, so the frames before a notice or a drain are in the client's hands. The same holds for
 * a watch whose connection a read's `drop` destroyed under it (the read and the watch shared it): frames the server
 * wrote from then on may be lost with the socket.
 */
export function watchDeliveries(run: SessionRun): WatchDeliveries {
  const { cursors } = run.oracle
  const calls: DeliveredCall[] = []
  const byWatch = new Map<number, DeliveredCall>()
  const refused = new Set(run.events.flatMap((e) => (e.type === 'end' && e.how === 'refuse' ? [e.watch] : [])))
  const open = new Map<DeliveredCall, number>() // the calls not yet ended, with their connection
  for (const e of run.events) {
    if (e.type === 'watch') {
      const call: DeliveredCall = { watch: e.watch, cursor: e.cursor ?? null, frames: [] }
      calls.push(call)
      byWatch.set(e.watch, call)
      open.set(call, e.connection)
    }
    if (e.type === 'read' && e.answer === 'drop') for (const [call, connection] of open) if (connection === e.connection) call.mayBeLostFrom ??= call.frames.length
    const call = 'watch' in e ? byWatch.get(e.watch) : undefined
    if (!call) continue
    if (e.type === 'frame' && !refused.has(e.watch)) call.frames.push(e.frame)
    if (e.type === 'fault' && e.kind === 'goaway-notice' && e.sent.length > 0) call.mayBeLostFrom ??= call.frames.length
    if (e.type === 'end') {
      call.end = e.how
      open.delete(call)
    }
  }
  const delivered: number[] = []
  const inFlight: number[] = []
  let mismatch: WatchDeliveries['mismatch']
  calls.forEach((call, i) => {
    const expected = delivered.length === 0 ? null : cursors[delivered[delivered.length - 1]]
    if (call.cursor !== expected) mismatch ??= { watch: call.watch, asked: call.cursor, lastReceived: expected }
    const next = calls[i + 1]
    const resumedAfter = next ? (next.cursor === null ? -1 : cursors.indexOf(next.cursor)) : Infinity
    call.frames.forEach((frame, k) => {
      if (call.mayBeLostFrom !== undefined && k >= call.mayBeLostFrom && frame > resumedAfter) inFlight.push(frame)
      else delivered.push(frame)
    })
  })
  return { calls, delivered, inFlight, ...(mismatch ? { mismatch } : {}) }
}
