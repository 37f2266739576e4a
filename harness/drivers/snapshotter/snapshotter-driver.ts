import type { Driver } from '#harness/drivers/driver.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SnapshotterScenario } from '#harness/scenario/plat-200-scenario-schemas.ts'
import type { Snapshot, SnapshotOptions } from '#harness/ports/snapshotter-port.ts'
import { historyFormat } from '#harness/history/history.ts'
import type { ScriptedHistory } from '#harness/history/history.ts'
import { preparePage } from '#harness/drivers/snapshotter/prepare-page.ts'
import type { PreparedPage } from '#harness/drivers/snapshotter/prepare-page.ts'
import { mustRefuse, snapshotRequests } from '#harness/drivers/snapshotter/snapshot-requests.ts'

/** A snapshotter scenario made ready: its page, and the further requests it asks after the depth characterization. */
export interface PreparedSnapshots extends PreparedPage {
  requests: SnapshotOptions[]
}

/**
 * The snapshotter port's driver: snapshots the page with no depth limit and at every depth from 1 to one past its
 * real depth (the depth characterization), then with `depth: 0`, compact, interactive, both, and depth 1 with compact,
 * recording each text and its size in UTF-8 bytes; then it asks for a negative and a fractional depth, whose error
 * answer it records as the snapshotter's (a refusal), not as an adapter failure; last, the scenario's own `requests`.
 */
export const snapshotterDriver: Driver<SnapshotterScenario, PreparedSnapshots> = {
  // a request's depth may be of another JSON type ("2", true, null) on purpose: the snapshotter must refuse it
  prepare: (scenario) => ({ ...preparePage(scenario.given.page), requests: (scenario.given.requests ?? []) as SnapshotOptions[] }),
  async drive(connection, prepared, recorder) {
    const snapshotter = connection.port('snapshotter')
    for (const [step, options] of [...snapshotRequests(prepared.realDepth), ...prepared.requests].entries()) {
      const invoke = recorder.invoke('snapshotter.snapshot', { options }, step)
      try {
        const snapshot: Snapshot = await snapshotter.snapshot({ html: prepared.html, options })
        recorder.complete(invoke, { type: 'ok', value: { ...snapshot, bytes: Buffer.byteLength(snapshot.text, 'utf8') } })
      } catch (error) {
        if (!(error instanceof AdapterError)) throw error
        // a depth it must refuse, refused: a definite answer the contracts judge, not a failure of the run
        if (error.failure === 'implementation' && mustRefuse(options)) {
          recorder.complete(invoke, { type: 'fail', error: { code: 'error', message: error.message } })
          continue
        }
        recorder.complete(invoke, { type: 'info', error: { code: error.failure, message: error.message } })
        throw error
      }
    }
  },
  history(prepared, fields, recorder): ScriptedHistory {
    return { format: historyFormat, port: 'snapshotter', ...fields, fixture: prepared.fixture, given: { page: prepared.spec, ...(prepared.requests.length > 0 ? { requests: prepared.requests } : {}) }, oracle: { realDepth: prepared.realDepth }, events: recorder.events }
  },
  observe(history) {
    const sizes: Record<string, number> = {}
    let snapshotter: string | undefined
    for (const e of history.events) {
      if (e.type !== 'ok' || e.f !== 'snapshotter.snapshot') continue
      const { options } = (history.events[e.invoke] as { value: { options: { depth?: number } } }).value
      // the depth characterization only: unlimited and each depth limit asked alone
      if (Object.keys(options).some((k) => k !== 'depth') || (options.depth !== undefined && !(Number.isInteger(options.depth) && options.depth >= 1))) continue
      const value = e.value as { bytes: number; snapshotter: string }
      sizes[options.depth === undefined ? 'unlimited' : `depth ${options.depth}`] = value.bytes
      snapshotter = value.snapshotter
    }
    return { snapshotter: snapshotter ?? null, realDepth: (history as ScriptedHistory).oracle.realDepth, bytes: sizes }
  },
}
