import { describe, test } from 'vitest'
import type { Adapter } from '#harness/adapters/adapter.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { passingVerdicts } from '#harness/expectations/decide-verdict.ts'
import { isExpired } from '#harness/expectations/expiry.ts'
import { entryMatches } from '#harness/expectations/known-failing.ts'
import type { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { describeOutcome } from '#harness/runner/describe-outcome.ts'
import { join } from 'node:path'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import { writeHistoryFile } from '#harness/reporters/write-history-file.ts'
import { checkExpectationList } from '#harness/suite/check-expectation-list.ts'
import { settleRun } from '#harness/timing/settle-run.ts'
import { scaleMs } from '#harness/timing/time-scale.ts'

/** One adapter's part of a contract suite: how to reach it, the scenarios it runs and what is known to fail on it. */
export interface AdapterTests {
  /** The adapter's name: the describe block's title and the name in every outcome. */
  name: string
  /** The adapter with a given call timeout (the kit asks for one per scenario's own limit). */
  adapterFor: (timeoutMs: number | undefined) => Adapter
  scenarios: readonly LoadedScenario[]
  /** Its known-failing and known-flaky entries (none when expectations are off). */
  entries: readonly KnownFailingEntry[]
  /** When given, one more test checks the entries against these scenarios (a stale or expired entry fails it). */
  checkListAgainst?: readonly Pick<LoadedScenario, 'id'>[]
  /** How many times a known-flaky case runs again (default 2). */
  flakyRetries?: number
  /** The command-line words that select the adapter, for the reproduce command. */
  select?: readonly string[]
  /** The command that runs one scenario again, when `contract-kit run` cannot (an adapter object in a user's vitest project). */
  reproduce?: (scenarioId: string) => string
  /** The adapter's own time scale (a profile's `timeScale`), multiplied by the run's (default 1). */
  timeScale?: number
}

/** What every adapter of a suite shares. */
export interface SuiteContext {
  pool: ConnectionPool
  noExpectations?: boolean
  keepHistories?: boolean
  /** The folder the scenarios were read from, when not the bundled ones (for the reproduce command). */
  scenarioDir?: string
  /** The call timeout asked for (`--timeout`), when any. */
  timeoutMs?: number
  /** Today's date (YYYY-MM-DD), against which entries expire. */
  day: string
  /** The run's time scale (`--time-scale`, CONTRACT_KIT_TIME_SCALE; default 1). */
  timeScale?: number
  /** The reports folder the History of each run is written into as the run ends (absent: it travels in the outcome). */
  historyDir?: string
}

/**
 * Declares a describe block of one vitest test per scenario on one adapter. Each test replays the scenario, keeps its
 * outcome in the test's meta (for the kit's reporters), and fails unless the verdict is held or expected-broken. A
 * known-flaky case is retried (vitest's own `retry`).
 */
export function declareAdapterTests(tests: AdapterTests, context: SuiteContext): void {
  const live = tests.entries.filter((e) => !isExpired(e, context.day))
  describe(tests.name, () => {
    const against = tests.checkListAgainst
    if (against) {
      test('known-failing and known-flaky lists', () => {
        const problems = checkExpectationList(tests.entries, against, context.day)
        if (problems.length > 0) throw new Error(problems.join('\n'))
      })
    }
    for (const loaded of tests.scenarios) {
      const flaky = live.some((e) => e.kind === 'flaky' && entryMatches(e, loaded.id))
      const retries = flaky ? (tests.flakyRetries ?? 2) : 0
      test(loaded.id, { retry: retries }, async ({ task }) => {
        // a run inconclusive only because of time runs again at once, at twice and then four times the scale
        const replay = (timeScale: number) =>
          replayScenario(loaded, {
            adapter: tests.adapterFor(callTimeout(loaded.scenario, context.timeoutMs, timeScale)),
            pool: context.pool,
            expectations: live,
            noExpectations: context.noExpectations,
            keepHistories: context.keepHistories,
            timeScale,
            ...(tests.select ? { select: tests.select } : {}),
            ...(context.scenarioDir ? { scenarioDir: context.scenarioDir } : {}),
          })
        const outcome: RunOutcome = await settleRun(replay, (tests.timeScale ?? 1) * (context.timeScale ?? 1))
        if (tests.reproduce) outcome.reproduce = tests.reproduce(loaded.id)
        const meta = task.meta as Record<string, unknown> & { kitAttempts?: RunOutcome['verdict'][] }
        if (flaky) {
          meta.kitAttempts = [...(meta.kitAttempts ?? []), outcome.verdict]
          const onlyFlaky = outcome.contracts.some((c) => c.expectedBy?.kind === 'flaky')
          if (meta.kitAttempts.length > 1) outcome.attempts = meta.kitAttempts
          // a broken attempt excused only as flaky is run again while retries are left: vitest retries a failed test
          if (onlyFlaky && outcome.verdict === 'expected-broken' && (task.result?.retryCount ?? 0) < retries) {
            throw new Error(`${loaded.id} on ${tests.name}: broken on attempt ${meta.kitAttempts.length} (known flaky): running it again`)
          }
        }
        meta.kit = context.historyDir ? historyWritten(outcome, context.historyDir) : outcome
        if (!passingVerdicts.has(outcome.verdict)) throw new Error(describeOutcome(outcome))
      })
    }
  })
}

/**
 * How long one call to the implementation may take: a pager call's own limit, or a client's whole deadline and a grace
 * of 10 s — both scaled: a client that keeps to its bound on tries but not to its deadline takes as many times longer.
 */
function callTimeout(scenario: Scenario, planned: number | undefined, timeScale: number): number | undefined {
  if (scenario.port === 'session-client') return scaleMs(scenario.given.timeoutMs + 10_000, timeScale)
  if (scenario.port === 'pager') return scenario.given.timeoutMs === undefined ? planned : scaleMs(scenario.given.timeoutMs, timeScale)
  return planned ?? 60_000 // a browser's first snapshot includes its launch
}

/** The outcome with its History (and each earlier attempt's) written into the reports folder (whole, or not at all) and named instead of carried. */
function historyWritten(outcome: RunOutcome, historyDir: string): RunOutcome {
  const { history, settling, ...rest } = outcome
  const written = (h: NonNullable<RunOutcome['history']>, attempt?: number) => {
    const file = historyFileName(outcome.adapter, outcome.scenario, attempt)
    writeHistoryFile(join(historyDir, file), h)
    return file
  }
  return {
    ...rest,
    ...(history ? { historyFile: written(history) } : {}),
    ...(settling ? { settling: settling.map(({ history: h, ...a }) => (h ? { ...a, historyFile: written(h, a.attempt) } : a)) } : {}),
  }
}
