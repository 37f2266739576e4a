import type { Adapter, Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { missingObservations, observations } from '#harness/adapters/observation.ts'
import type { Observation } from '#harness/adapters/observation.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { History, HistoryFailure } from '#harness/history/history.ts'
import { drivers } from '#harness/drivers/index.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { contractNeeds } from '#harness/contracts/exercised-contracts.ts'
import { entryMatches } from '#harness/expectations/known-failing.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import type { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { reproduceCommand } from '#harness/runner/reproduce-command.ts'
import { scaleScenario } from '#harness/timing/scale-scenario.ts'

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
  /** The folder the scenario was read from, when not the bundled scenarios (for the reproduce command). */
  scenarioDir?: string
  /** The time scale of this attempt: every duration the scenario gives is multiplied by it (default 1). */
  timeScale?: number
}

/** A recorded replay: the History (with the adapter failure that stopped it, if any), and the figures its driver observed. */
export interface Recording {
  history: History
  failure?: AdapterError
  observed?: Record<string, unknown>
}

/**
 * Replays one scenario against one adapter and records its History; an adapter's failure is recorded, never thrown.
 * A scenario that needs what the connection cannot observe (stderr, a process to kill, its working folder) is not
 * driven at all: its History records it as `untestable`, with the reason. Every duration the scenario gives is
 * multiplied by `timeScale` (the History keeps the scale and the durations as given to the implementation).
 */
export async function recordScenario(loaded: LoadedScenario, adapter: Adapter, pool: ConnectionPool, expectations: readonly KnownFailingEntry[] = [], timeScale = 1): Promise<Recording> {
  const scenario = scaleScenario(loaded.scenario, timeScale)
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
    const missing = missingObservations(scenarioNeeds(loaded, driver), connection.observes)
    if (missing.length > 0) throw new AdapterError('untestable', cannotObserve(adapter.name, connection, missing))
    connection.beginScenario?.()
    await driver.drive(connection, prepared, recorder, { open: (options) => adapter.open(options) })
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    failure = error
    recorder.note(error.failure === 'untestable' ? 'not run: untestable on this connection' : 'stopped: the adapter failed', { failure: error.failure, message: error.message })
  }
  failure ??= failureIn(recorder)
  const stderr = connection?.stderr() ?? failure?.stderr ?? ''
  if (failure && failure.failure !== 'untestable') await pool.discard(adapter)
  else await pool.release(adapter)
  const historyFailure: HistoryFailure | undefined = failure ? { failure: failure.failure, message: failure.message } : undefined
  const fields = {
    scenario: loaded.id,
    adapter: adapter.name,
    timeScale,
    system: connection?.system ?? null,
    exercises: loaded.exercises,
    observes: [...(connection?.observes ?? [])],
    ...(historyFailure ? { failure: historyFailure } : {}),
    expectations: expectations.filter((e) => entryMatches(e, loaded.id)),
    stderr,
  }
  const history = driver.history(prepared, fields, recorder)
  const observed = driver.observe?.(history)
  return { history, ...(failure ? { failure } : {}), ...(observed ? { observed } : {}) }
}

/** Replays one scenario against one adapter, judges its History and decides the verdict; never throws for an adapter's failure. */
export async function replayScenario(loaded: LoadedScenario, context: ReplayContext): Promise<RunOutcome> {
  const timeScale = context.timeScale ?? 1
  const { history, observed } = await recordScenario(loaded, context.adapter, context.pool, context.expectations, timeScale)
  const judgement = judgeHistory(history)
  return {
    scenario: loaded.id,
    adapter: context.adapter.name,
    port: loaded.scenario.port,
    timeScale,
    ...(loaded.scenario.reproduces ? { reproduces: loaded.scenario.reproduces } : {}),
    system: history.system,
    verdict: judgement.verdict,
    exercises: history.exercises,
    contracts: judgement.contracts,
    stale: judgement.stale.map(({ pattern, reason, source }) => ({ pattern, reason, source })),
    ...(judgement.reason !== undefined ? { error: { message: judgement.reason, stderr: history.stderr } } : {}),
    ...(observed ? { observed } : {}),
    reproduce: reproduceCommand(loaded.id, context.adapter.name, context.noExpectations, context.select, context.scenarioDir),
    ...(judgement.verdict === 'held' && !context.keepHistories ? {} : { history }),
  }
}

/** What a scenario needs to observe of its implementation: what its driver does (kill -9, restart) and what its exercised contracts judge. */
export function scenarioNeeds(loaded: LoadedScenario, driver: Driver<Scenario, unknown> = drivers[loaded.scenario.port] as Driver<Scenario, unknown>): Observation[] {
  return [...new Set([...(driver.needs?.(loaded.scenario) ?? []), ...contractNeeds(loaded.scenario, loaded.exercises)])]
}

function cannotObserve(adapter: string, connection: Connection, missing: Observation[]): string {
  const { transport } = connection.system
  const how = transport === 'in-process' ? 'runs in the kit’s own process' : transport === 'http' ? 'is a service already running, reached over HTTP' : `runs as a ${transport} process`
  const what = missing.map((o) => `${observations[o]} (${o})`).join('; ')
  const fix = transport === 'in-process' ? '; run it over stdio (…@stdio or stdio:<command>), where the kit can' : transport === 'http' ? '; run it over stdio (stdio:<command>), or from a profile with transport: http and a start command, where the kit starts it and can' : ''
  return `${adapter} ${how}, so the kit cannot observe ${what}, which this scenario needs${fix}`
}

function failureIn(recorder: HistoryRecorder): AdapterError | undefined {
  for (const e of recorder.events) {
    if (e.type === 'info') return new AdapterError((e.error?.code ?? 'crashed') as AdapterError['failure'], e.error?.message ?? 'no answer')
  }
  return undefined
}
