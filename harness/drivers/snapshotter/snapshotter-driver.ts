import type { Driver } from '#harness/drivers/driver.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { SnapshotterScenario } from '#harness/scenario/plat-200-scenario-schemas.ts'
import type { Snapshot } from '#harness/ports/snapshotter-port.ts'
import { historyFormat } from '#harness/history/history.ts'
import type { ScriptedHistory } from '#harness/history/history.ts'
import { preparePage } from '#harness/drivers/snapshotter/prepare-page.ts'
import type { PreparedPage } from '#harness/drivers/snapshotter/prepare-page.ts'

/**
 * The snapshotter port's driver (the depth characterization): snapshots the page with no depth limit and at every
 * depth from 1 to one past its real depth, recording each text and its size in UTF-8 bytes.
 */
export const snapshotterDriver: Driver<SnapshotterScenario, PreparedPage> = {
  prepare: (scenario) => preparePage(scenario.given.page),
  async drive(connection, prepared, recorder) {
    const snapshotter = connection.port('snapshotter')
    const depths: Array<number | null> = [null, ...Array.from({ length: prepared.realDepth + 1 }, (_, i) => i + 1)]
    for (const [step, depth] of depths.entries()) {
      const options = depth === null ? {} : { depth }
      const invoke = recorder.invoke('snapshotter.snapshot', { options }, step)
      try {
        const snapshot: Snapshot = await snapshotter.snapshot({ html: prepared.html, options })
        recorder.complete(invoke, { type: 'ok', value: { ...snapshot, bytes: Buffer.byteLength(snapshot.text, 'utf8') } })
      } catch (error) {
        if (error instanceof AdapterError) recorder.complete(invoke, { type: 'info', error: { code: error.failure, message: error.message } })
        throw error
      }
    }
  },
  history(prepared, fields, recorder): ScriptedHistory {
    return { format: historyFormat, port: 'snapshotter', ...fields, fixture: prepared.fixture, given: { page: prepared.spec }, oracle: { realDepth: prepared.realDepth }, events: recorder.events }
  },
  observe(history) {
    const sizes: Record<string, number> = {}
    let snapshotter: string | undefined
    for (const e of history.events) {
      if (e.type !== 'ok' || e.f !== 'snapshotter.snapshot') continue
      const invoke = history.events[e.invoke] as { value: { options: { depth?: number } } }
      const value = e.value as { bytes: number; snapshotter: string }
      sizes[invoke.value.options.depth === undefined ? 'unlimited' : `depth ${invoke.value.options.depth}`] = value.bytes
      snapshotter = value.snapshotter
    }
    return { snapshotter: snapshotter ?? null, realDepth: (history as ScriptedHistory).oracle.realDepth, bytes: sizes }
  },
}
