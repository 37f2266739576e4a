import type { Adapter, Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import { drivePager, pagerHistory } from '#harness/drivers/pager/drive-pager.ts'
import { preparePagerReplay } from '#harness/drivers/pager/prepare-pager-replay.ts'
import { decideVerdict } from '#harness/expectations/decide-verdict.ts'
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
}

/** Replays one scenario against one adapter, judges its History and decides the verdict; never throws for an adapter's failure. */
export async function replayScenario(loaded: LoadedScenario, context: ReplayContext): Promise<RunOutcome> {
  const { scenario } = loaded
  const prepared = preparePagerReplay(scenario)
  const recorder = new HistoryRecorder()
  let connection: Connection | undefined
  let failure: AdapterError | undefined
  try {
    connection = await context.pool.connection(context.adapter)
    if (!connection.system.ports.includes(scenario.port)) {
      throw new AdapterError('handshake', `${context.adapter.name} does not offer the ${scenario.port} port (it offers: ${connection.system.ports.join(', ') || 'none'})`)
    }
    await drivePager(connection, prepared, recorder)
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    failure = error
    recorder.note('stopped: the adapter failed', { failure: error.failure, message: error.message })
  }
  failure ??= failureIn(recorder)
  const stderr = connection?.stderr() ?? failure?.stderr ?? ''
  if (failure) await context.pool.discard(context.adapter)
  const history = pagerHistory(
    {
      scenario: loaded.id,
      adapter: context.adapter.name,
      system: connection?.system ?? null,
      fixture: prepared.fixture,
      ceilings: prepared.ceilings,
      oracle: prepared.oracle,
      steps: scenario.steps,
      contracts: scenario.contracts ?? [],
      stderr,
    },
    recorder,
  )
  const contracts = judgeHistory(history)
  const decision = decideVerdict(loaded.id, contracts, context.expectations, failure ? `${failure.failure}: ${failure.message}` : undefined)
  return {
    scenario: loaded.id,
    adapter: context.adapter.name,
    port: scenario.port,
    ...(scenario.reproduces ? { reproduces: scenario.reproduces } : {}),
    system: connection?.system ?? null,
    verdict: decision.verdict,
    contracts,
    stale: decision.stale.map(({ pattern, reason, source }) => ({ pattern, reason, source })),
    ...(decision.reason !== undefined ? { error: { message: decision.reason, stderr } } : {}),
    reproduce: reproduceCommand(loaded.id, context.adapter.name, context.noExpectations),
    ...(decision.verdict === 'held' ? {} : { history }),
  }
}

function failureIn(recorder: HistoryRecorder): AdapterError | undefined {
  for (const e of recorder.events) {
    if (e.type === 'info') return new AdapterError((e.error?.code ?? 'crashed') as AdapterError['failure'], e.error?.message ?? 'no answer')
  }
  return undefined
}
