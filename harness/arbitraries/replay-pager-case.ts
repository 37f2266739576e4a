import type { Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { drivePager, pagerHistory } from '#harness/drivers/pager/drive-pager.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { CollectionOracle, PagerHistory as History } from '#harness/history/history.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import type { PagerCase } from '#harness/arbitraries/pager-case.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'

/**
 * Replays a generated pager case against a fresh pager, in process through the in-process adapter and the pager driver
 * (the path the suite takes), with the oracle derived from the case's records; returns the History, never judged.
 */
export async function replayPagerCase(createPager: () => PagerPort, pagerCase: PagerCase, name = 'pager/under-test'): Promise<History> {
  const oracle = oracleOf(pagerCase)
  const adapter = createInProcessAdapter({ name, create: () => ({ name, ports: { pager: createPager() } }) })
  const recorder = new HistoryRecorder()
  let connection: Connection | undefined
  try {
    connection = await adapter.open()
    await drivePager(connection, { records: pagerCase.records, ceilings: pagerCase.ceilings, oracle, steps: pagerCase.steps }, recorder)
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    recorder.note('stopped: the adapter failed', { failure: error.failure, message: error.message })
  } finally {
    await connection?.close()
  }
  return pagerHistory(
    {
      scenario: 'property/pager-case',
      adapter: name,
      system: connection?.system ?? null,
      fixture: null,
      ceilings: pagerCase.ceilings,
      oracle,
      steps: pagerCase.steps,
      contracts: [],
      stderr: connection?.stderr() ?? '',
    },
    recorder,
  )
}

/** The oracle of every collection the case's steps name, derived from its records as the scenarios' oracles are. */
function oracleOf(pagerCase: PagerCase): CollectionOracle[] {
  const names = new Set(pagerCase.steps.map((s) => ('read' in s ? s.read.collection : s.walk.collection)))
  const oracle: CollectionOracle[] = []
  for (const collection of [...names].sort()) {
    const derived = deriveCollection(pagerCase.records, collection)
    if (derived) oracle.push({ collection, ids: derived.ids, items: derived.items })
  }
  return oracle
}
