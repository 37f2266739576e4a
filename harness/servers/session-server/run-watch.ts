import type { WatchPlan } from '#harness/servers/session-server/watch-plan.ts'
import type { WatchSink } from '#harness/servers/session-server/session-exchange.ts'
import type { ServerEvent } from '#harness/servers/session-server/server-event.ts'

/** Writes a planned WatchSession response to a sink, recording each whole frame, each fault, and how the response ended. */
export async function runWatch(plan: WatchPlan, watch: number, sink: WatchSink, record: (event: ServerEvent) => void): Promise<void> {
  const ended = (how: Extract<ServerEvent, { type: 'end' }>['how']) => record({ type: 'end', watch, how, error: how === 'end-stream' ? plan.error : null })
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
    const { fault, at, offset } = step
    const code = 'code' in fault ? fault.code : null
    record({ type: 'fault', watch, kind: fault.kind, code, ms: fault.kind === 'delay' ? fault.ms : null, at, offset })
    switch (fault.kind) {
      case 'delay':
        if (!(await sink.wait(fault.ms))) return ended(sink.gone() ?? 'client-closed')
        continue
      case 'cut':
      case 'no-end':
        sink.end()
        return ended(fault.kind)
      default:
        sink.abort(fault)
        return ended(fault.kind)
    }
  }
}
