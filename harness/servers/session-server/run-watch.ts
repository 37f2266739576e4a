import type { WatchPlan } from '#harness/servers/session-server/watch-plan.ts'
import type { SessionExchange, WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'
import { encodeEnvelope, endStreamFlag } from '#harness/servers/session-server/connect-envelope.ts'

/** How long before the end of a GOAWAY's grace period the transport's close of the connection may be seen (ms). */
const graceCloseSlackMs = 2

/**
 * Writes a planned WatchSession response to an exchange, recording each whole frame, each fault (with what it put on
 * the wire) and how the response ended. A plan that starts with `refuse` is refused before any response. While the
 * transport takes more (`sink.ready()`), the next bytes are written before the last write resolved; a frame is still
 * recorded only once its own write was handed over, and a fault, the end or the other side leaving waits for every
 * write before it, so the events and the bytes on the wire come in the same order as one write at a time.
 */
export async function runWatch(plan: WatchPlan, watch: number, exchange: SessionExchange, record: (event: ServerEvent) => void): Promise<void> {
  const ended = (how: Extract<ServerEvent, { type: 'end' }>['how'], error: string | null = plan.error, since?: number) => {
    const left = how === 'client-closed' ? sink?.leftSince() : since
    const lateByMs = left == null ? {} : { lateByMs: Math.max(0, Math.round((performance.now() - left) * 10) / 10) }
    record({ type: 'end', watch, how, error: how === 'end-stream' ? error : null, ...lateByMs })
  }
  const fault = (step: Extract<WatchPlan['steps'][number], { type: 'fault' }>, sent: string[]) => {
    const { fault, at, offset } = step
    record({ type: 'fault', watch, kind: fault.kind, code: 'code' in fault ? (fault.code ?? null) : fault.kind === 'refuse' ? 'REFUSED_STREAM' : null, ms: fault.kind === 'delay' ? fault.ms : null, at, offset, sent })
  }
  let sink: WatchSink | undefined
  const first = plan.steps[0]
  if (first?.type === 'fault' && first.fault.kind === 'refuse') {
    fault(first, exchange.refuse())
    return ended('refuse')
  }
  sink = exchange.startStream('application/connect+json')
  const writes = writesInOrder((frame) => record({ type: 'frame', watch, ...frame }))
  for (const step of plan.steps) {
    const gone = sink.gone()
    if (gone || writes.failed()) {
      await writes.settled() // the frames handed over before it are recorded before the end
      return ended(gone ?? sink.gone() ?? 'client-closed')
    }
    if (step.type === 'bytes') {
      writes.add(sink.write(step.bytes), step.completes === 'end-stream' ? null : step.completes)
      if (step.completes !== 'end-stream' && sink.ready?.()) continue
      if (!(await writes.settled())) return ended(sink.gone() ?? 'client-closed')
      if (step.completes === 'end-stream') {
        sink.end()
        return ended('end-stream')
      }
      continue
    }
    if (!(await writes.settled())) return ended(sink.gone() ?? 'client-closed')
    const applied = step.fault
    if (applied.kind === 'delay') {
      fault(step, [`nothing for ${applied.ms} ms`])
      if (!(await sink.wait(applied.ms))) return ended(sink.gone() ?? 'client-closed')
      continue
    }
    if (applied.kind === 'goaway-notice') {
      fault(step, await sink.notice())
      continue
    }
    if (applied.kind === 'refuse') continue // only ever the first step (above)
    if (applied.kind === 'cut' || applied.kind === 'no-end') {
      fault(step, [applied.kind === 'cut' ? 'a clean end (END_STREAM) inside an envelope' : 'a clean end (END_STREAM) with no end-of-stream envelope'])
      sink.end()
      return ended(applied.kind)
    }
    if (applied.kind === 'end-error') {
      const envelope = encodeEnvelope(endStreamFlag, { error: { code: applied.code, message: `contract-kit: the watch ends with ${applied.code}` } })
      fault(step, [`an end-of-stream envelope with error ${applied.code}, then a clean end (END_STREAM)`])
      if (!(await sink.write(envelope))) return ended(sink.gone() ?? 'client-closed')
      sink.end()
      return ended('end-stream', applied.code)
    }
    const sent = await sink.abort(applied)
    fault(step, sent)
    if (sent.length === 0) return ended(sink.gone() ?? 'client-closed')
    // a GOAWAY that lets the stream live for a grace period ends the call only when the connection closes, or earlier
    // when the client leaves it: that moment, not the GOAWAY's, is when the call ended (a reconnect's wait counts from it)
    const graceMs = applied.kind === 'goaway' ? goawayEnding(applied).graceMs : 0
    const graceFrom = performance.now()
    // the transport's own timer, set a moment before this wait, closes the connection at the end of the grace period:
    // an exchange gone within the last moment of it went by that close, not by the client
    if (graceMs > 0 && !(await sink.wait(graceMs)) && performance.now() - graceFrom < graceMs - graceCloseSlackMs) return ended(sink.gone() ?? 'client-closed')
    // on a busy machine the grace period's timers fire late, and a client that left in the meantime (a GOAWAY with an
    // error code ends the stream for it at once) was not seen leaving: the call may have ended from the grace period's
    // end on, so its end carries how late this is (lateByMs), and a reconnect's wait is judged with that margin
    const lateMs = graceMs > 0 ? performance.now() - graceFrom - graceMs : 0
    return ended(applied.kind, plan.error, lateMs > graceCloseSlackMs ? graceFrom + graceMs - graceCloseSlackMs : undefined)
  }
}

/**
 * The writes of one response in flight, in the order they were made: each frame is recorded once its own write and
 * every write before it were handed over; after a write that failed, nothing more is recorded.
 */
function writesInOrder(onFrame: (frame: { frame: number; cursor: string }) => void) {
  let last: Promise<boolean> = Promise.resolve(true)
  let failed = false
  return {
    add(written: Promise<boolean>, completes: { frame: number; cursor: string } | null): void {
      const before = last
      last = (async () => {
        const handedOver = (await before) && (await written)
        if (!handedOver) failed = true
        else if (completes) onFrame(completes)
        return handedOver
      })()
    },
    /** Resolves once every write so far resolved: true if all were handed over. */
    settled: (): Promise<boolean> => last,
    /** Whether a write resolved false (the exchange is gone). */
    failed: (): boolean => failed,
  }
}
