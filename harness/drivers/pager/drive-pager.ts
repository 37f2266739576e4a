import type { Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { historyFormat } from '#harness/history/history.ts'
import type { CollectionOracle, PagerHistory as History } from '#harness/history/history.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { Ceiling, PagerPort, PagerReadRequest, RunRecord } from '#harness/ports/pager-port.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import { firstBrokenCeiling } from '#harness/measures/first-broken-ceiling.ts'
import type { PagerStep } from '#harness/scenario/scenario-schema.ts'

/** What the pager driver replays: the run's records, its resolved ceilings, the oracle, the steps. */
export interface PagerReplay {
  records: RunRecord[]
  ceilings: Ceiling[]
  oracle: CollectionOracle[]
  steps: PagerStep[]
  /** A run the pager is set up with first, and each collection of the steps read once from it, before `records` replace it. */
  previous?: { name: string; records: RunRecord[] }
}

/** The History's name of a read of the previous run (not a `pager.read`: the contracts judge the reads of the last setup only). */
export const previousRunRead = 'pager.read (previous run)'

/**
 * Replays pager steps against a connection and records every invoke and completion, the sizes the kit measured, and
 * what the caller's dispatcher (the final authority) made of each page: a page over a ceiling is rejected as
 * `provider_result_limit`, and a walk cannot go past it. Never judges.
 */
export async function drivePager(connection: Connection, replay: PagerReplay, recorder = new HistoryRecorder()): Promise<HistoryRecorder> {
  const pager = connection.port('pager')
  const measured = [...new Set(replay.ceilings.map((c) => c.measure))]
  try {
    if (replay.previous) await readPrevious(pager, recorder, replay, replay.previous)
    await call(recorder, 'pager.setup', { records: `(${replay.records.length} records)`, ceilings: replay.ceilings }, -1, async () => {
      await pager.setup({ records: replay.records, ceilings: replay.ceilings })
      return { type: 'ok' as const }
    })
    for (const [step, s] of replay.steps.entries()) {
      if ('read' in s) await read(pager, recorder, replay, measured, step, s.read)
      else await walk(pager, recorder, replay, measured, step, s.walk)
    }
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    recorder.note('stopped: the adapter failed', { failure: error.failure, message: error.message })
  }
  return recorder
}

/** Sets the pager up with the previous run and reads each collection the steps name once from it, as a user of that run would. */
async function readPrevious(pager: PagerPort, recorder: HistoryRecorder, replay: PagerReplay, previous: NonNullable<PagerReplay['previous']>): Promise<void> {
  await call(recorder, 'pager.setup', { records: `(${previous.records.length} records of ${previous.name})`, ceilings: replay.ceilings }, -1, async () => {
    await pager.setup({ records: previous.records, ceilings: replay.ceilings })
    return { type: 'ok' as const }
  })
  const collections = [...new Set(replay.steps.map((s) => ('read' in s ? s.read.collection : s.walk.collection)))]
  for (const collection of collections) {
    await call(recorder, previousRunRead, { collection, cursor: null }, -1, async () => {
      const result = await pager.read({ collection, cursor: null })
      return result.ok ? { type: 'ok' as const, value: { items: result.page.items.length, cursor: result.page.cursor } } : { type: 'fail' as const, error: result.error }
    })
  }
}

async function walk(
  pager: PagerPort,
  recorder: HistoryRecorder,
  replay: PagerReplay,
  measured: MeasureName[],
  step: number,
  spec: { collection: string; limit?: number; maxPages?: number },
): Promise<void> {
  const total = replay.oracle.find((o) => o.collection === spec.collection)?.items.length ?? 0
  const maxPages = spec.maxPages ?? total + 2
  let cursor: string | null = null
  for (let page = 0; page < maxPages; page++) {
    const request: PagerReadRequest = { collection: spec.collection, ...(spec.limit === undefined ? {} : { limit: spec.limit }), cursor }
    const next = await read(pager, recorder, replay, measured, step, request)
    if (next === undefined) return
    cursor = next
  }
  recorder.note('walk stopped: page limit reached', { step, maxPages })
}

/** One read; returns the cursor a walk follows next, or undefined when the walk cannot go on. */
async function read(
  pager: PagerPort,
  recorder: HistoryRecorder,
  replay: PagerReplay,
  measured: MeasureName[],
  step: number,
  request: PagerReadRequest,
): Promise<string | undefined> {
  let next: string | undefined
  await call(recorder, 'pager.read', request, step, async () => {
    const result = await pager.read(request)
    if (!result.ok) {
      const cursor = result.error.data?.cursor
      next = typeof cursor === 'string' ? cursor : undefined
      return { type: 'fail' as const, error: result.error }
    }
    const page = result.page
    const sizes = Object.fromEntries(measured.map((m) => [m, measure(m, page)]))
    const excess = firstBrokenCeiling(page, replay.ceilings)
    next = excess || typeof page.cursor !== 'string' ? undefined : page.cursor
    return { type: 'ok' as const, value: page, sizes, dispatcher: excess ? { accepted: false as const, ...excess } : { accepted: true as const } }
  })
  return next
}

async function call(
  recorder: HistoryRecorder,
  f: string,
  value: unknown,
  step: number,
  run: () => Promise<Parameters<HistoryRecorder['complete']>[1]>,
): Promise<void> {
  const invoke = recorder.invoke(f, value, step)
  try {
    recorder.complete(invoke, await run())
  } catch (error) {
    if (error instanceof AdapterError) recorder.complete(invoke, { type: 'info', error: { code: error.failure, message: error.message } })
    throw error
  }
}

/** Assembles a History from a finished recording. */
export function pagerHistory(fields: Omit<History, 'format' | 'events' | 'port'>, recorder: HistoryRecorder): History {
  return { format: historyFormat, port: 'pager', ...fields, events: recorder.events }
}
