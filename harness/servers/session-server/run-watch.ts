import type { WatchPlan } from '#harness/servers/session-server/watch-plan.ts'
import type { SessionExchange } from '#harness/servers/session-server/session-exchange.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/**
 * Writes a planned WatchSession response to an exchange, recording each whole frame, each fault (with what it put on
 * the wire) and how the response ended. A plan that starts with `refuse` is refused before any response.
 */
export async function runWatch(plan: WatchPlan, watch: number, exchange: SessionExchange, record: (event: ServerEvent) => void): Promise<void> {
  const ended = (how: Extract<ServerEvent, { type: 'end' }>['how']) => record({ type: 'end', watch, how, error: how === 'end-stream' ? plan.error : null })
  const fault = (step: Extract<WatchPlan['steps'][number], { type: 'fault' }>, sent: string[]) => {
    const { fault, at, offset } = step
    record({ type: 'fault', watch, kind: fault.kind, code: 'code' in fault ? (fault.code ?? null) : fault.kind === 'refuse' ? 'REFUSED_STREAM' : null, ms: fault.kind === 'delay' ? fault.ms : null, at, offset, sent })
  }
  const first = plan.steps[0]
  if (first?.type === 'fault' && first.fault.kind === 'refuse') {
    fault(first, exchange.refuse())
    return ended('refuse')
  }
  const sink = exchange.startStream('application/connect+json')
  for (const step of plan.steps) {
    const gone = sink.gone()
    if (gone) return ended(gone)
    if (step.type === 'bytes') {
      if (!(await sink.write(step.bytes))) return ended(sink.gone() ?? 'client-closed')
      if (step.completes === 'end-stream') {
        sink.end()
        return ended('end-stream')
      }
      if (step.completes) record({ type: 'frame', watch, frame: step.completes.frame, cursor: step.completes.cursor })
      continue
    }
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
    const sent = await sink.abort(applied)
    fault(step, sent)
    return ended(sent.length > 0 ? applied.kind : (sink.gone() ?? 'client-closed'))
  }
}
