import type { Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { drivePager, pagerHistory } from '#harness/drivers/pager/drive-pager.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { CollectionOracle, HistoryFailure, PagerHistory as History } from '#harness/history/history.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import type { PagerCase } from '#harness/arbitraries/pager-case.ts'
import { pagerCaseExercises } from '#harness/arbitraries/pager-case-exercises.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'

/**
 * Replays a generated pager case against a fresh pager, in process through the in-process adapter and the pager driver
 * (the path the suite takes), with the oracle derived from the case's records and the contracts its steps exercise;
 * returns the History (with the adapter failure that stopped it, if any), never judged.
 */
export async function replayPagerCase(createPager: () => PagerPort, pagerCase: PagerCase, name = 'pager/under-test'): Promise<History> {
  const oracle = pagerCaseOracle(pagerCase)
  const adapter = createInProcessAdapter({ name, create: () => ({ name, ports: { pager: createPager() } }) })
  const recorder = new HistoryRecorder()
  let connection: Connection | undefined
  let failure: HistoryFailure | undefined
  try {
    connection = await adapter.open()
    const previous = pagerCase.previous ? { previous: { name: 'property/previous-run', records: pagerCase.previous } } : {}
    await drivePager(connection, { records: pagerCase.records, ceilings: pagerCase.ceilings, oracle, steps: pagerCase.steps, ...previous }, recorder)
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    recorder.note('stopped: the adapter failed', { failure: error.failure, message: error.message })
    failure = { failure: error.failure, message: error.message }
  } finally {
    await connection?.close()
  }
  failure ??= failureIn(recorder)
  return pagerHistory(
    {
      scenario: 'property/pager-case',
      adapter: name,
      system: connection?.system ?? null,
      fixture: null,
      ceilings: pagerCase.ceilings,
      oracle,
      steps: pagerCase.steps,
      exercises: pagerCaseExercises(pagerCase),
      observes: [...(connection?.observes ?? [])],
      ...(failure ? { failure } : {}),
      expectations: [],
      stderr: connection?.stderr() ?? '',
    },
    recorder,
  )
}

/** The oracle of every collection the case's steps name, derived from its records as the scenarios' oracles are. */
export function pagerCaseOracle(pagerCase: PagerCase): CollectionOracle[] {
  const names = new Set(pagerCase.steps.map((s) => ('read' in s ? s.read.collection : s.walk.collection)))
  const oracle: CollectionOracle[] = []
  for (const collection of [...names].sort()) {
    const derived = deriveCollection(pagerCase.records, collection)
    if (derived) oracle.push({ collection, ids: derived.ids, items: derived.items })
  }
  return oracle
}

/** The failure the driver recorded, as replay-scenario reads it: a call that ended indeterminate (`info`). */
function failureIn(recorder: HistoryRecorder): HistoryFailure | undefined {
  const stopped = recorder.events.find((e) => e.type === 'note' && e.what === 'stopped: the adapter failed')
  if (stopped?.type === 'note') return stopped.value as HistoryFailure
  const info = recorder.events.find((e) => e.type === 'info')
  return info?.type === 'info' ? { failure: (info.error?.code ?? 'crashed') as HistoryFailure['failure'], message: info.error?.message ?? 'no answer' } : undefined
}
