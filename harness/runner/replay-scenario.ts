import type { Adapter, Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { History } from '#harness/history/history.ts'
import { drivers } from '#harness/drivers/index.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { decideVerdict } from '#harness/expectations/decide-verdict.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import type { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { reproduceCommand } from '#harness/runner/reproduce-command.ts'

/** What a replay needs besides the scenario: the adapter, the shared connections, and the adapter's known-failing entries. */
export interface ReplayContext {
  adapter: Adapter
  pool: ConnectionPool
  expectations: readonly KnownFailingEntry[]
  /** Whether expectations were turned off for this run (for the reproduce command). */
  noExpectations?: boolean
  /** Keep the History of every run, held ones included. */
  keepHistories?: boolean
  /** The command-line words that select the adapter, for the reproduce command (default `--adapter NAME`). */
  select?: readonly string[]
}

/** A recorded replay: the History, the adapter failure that stopped it (if any), and the figures its driver observed. */
export interface Recording {
  history: History
  failure?: AdapterError
  observed?: Record<string, unknown>
}

/** Replays one scenario against one adapter and records its History; an adapter's failure is recorded, never thrown. */
export async function recordScenario(loaded: LoadedScenario, adapter: Adapter, pool: ConnectionPool): Promise<Recording> {
  const { scenario } = loaded
  const driver = drivers[scenario.port] as Driver<Scenario, unknown>
  const prepared = driver.prepare(scenario)
  const recorder = new HistoryRecorder()
  let connection: Connection | undefined
  let failure: AdapterError | undefined
  try {
    connection = await pool.connection(adapter)
    if (!connection.system.ports.includes(scenario.port)) {
      throw new AdapterError('handshake', `${adapter.name} does not offer the ${scenario.port} port (it offers: ${connection.system.ports.join(', ') || 'none'})`)
    }
    await driver.drive(connection, prepared, recorder, { open: (options) => adapter.open(options) })
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    failure = error
    recorder.note('stopped: the adapter failed', { failure: error.failure, message: error.message })
  }
  failure ??= failureIn(recorder)
  const stderr = connection?.stderr() ?? failure?.stderr ?? ''
  if (failure) await pool.discard(adapter)
  const fields = { scenario: loaded.id, adapter: adapter.name, system: connection?.system ?? null, contracts: scenario.contracts ?? [], stderr }
  const history = driver.history(prepared, fields, recorder)
  const observed = driver.observe?.(history)
  return { history, ...(failure ? { failure } : {}), ...(observed ? { observed } : {}) }
}

/** Replays one scenario against one adapter, judges its History and decides the verdict; never throws for an adapter's failure. */
export async function replayScenario(loaded: LoadedScenario, context: ReplayContext): Promise<RunOutcome> {
  const { history, failure, observed } = await recordScenario(loaded, context.adapter, context.pool)
  const contracts = judgeHistory(history).map((c): ContractOutcome =>
    failure && c.verdict === 'held' ? { id: c.id, verdict: 'unknown', reason: `not decided: the adapter failed (${failure.failure})` } : c,
  )
  const decision = decideVerdict(loaded.id, contracts, context.expectations, failure ? `${failure.failure}: ${failure.message}` : undefined)
  return {
    scenario: loaded.id,
    adapter: context.adapter.name,
    port: loaded.scenario.port,
    ...(loaded.scenario.reproduces ? { reproduces: loaded.scenario.reproduces } : {}),
    system: history.system,
    verdict: decision.verdict,
    contracts,
    stale: decision.stale.map(({ pattern, reason, source }) => ({ pattern, reason, source })),
    ...(decision.reason !== undefined ? { error: { message: decision.reason, stderr: history.stderr } } : {}),
    ...(observed ? { observed } : {}),
    reproduce: reproduceCommand(loaded.id, context.adapter.name, context.noExpectations, context.select),
    ...(decision.verdict === 'held' && !context.keepHistories ? {} : { history }),
  }
}

function failureIn(recorder: HistoryRecorder): AdapterError | undefined {
  for (const e of recorder.events) {
    if (e.type === 'info') return new AdapterError((e.error?.code ?? 'crashed') as AdapterError['failure'], e.error?.message ?? 'no answer')
  }
  return undefined
}
