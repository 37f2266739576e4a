import fc from 'fast-check'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { exercisesOf } from '#harness/scenario/load-scenarios.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { settleRun } from '#harness/timing/settle-run.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { explorers } from '#harness/explore/explorers.ts'
import type { ExploredScenario } from '#harness/explore/port-explorer.ts'

/** What one exploration is asked to do: which implementation, which port, how many cases, from which seed, for how long. */
export interface ExploreOptions {
  adapter: Adapter
  port: PortName
  /** How many cases to run (fast-check's numRuns). */
  runs: number
  seed: number
  /**
   * How many of the seed's cases to pass over before the first one run (default 0): `runs` cases from case `from` + 1
   * on, each the same as in an exploration from the first — so a budget's cases can be run in parts (test files of
   * their own) that together run every one. The cases passed over are neither generated nor run.
   */
  from?: number
  /** Stop generating after this long (the cases run so far count; a found case is still shrunk within it). */
  maxSeconds?: number
  /** Called after every case the adapter ran (for a progress line). */
  onCase?(cases: number): void
  /** What counts as a failure (default: any verdict but `held`); a test aiming at one contract narrows it, so shrinking keeps that contract broken. */
  failsWhen?(outcome: RunOutcome): boolean
  /** Shrink a found case (default true); false keeps the first failing case as found, for a test that only asks whether one is found. */
  shrink?: boolean
}

/** A case exploration found: the scenario fast-check shrank it to, and how it ran. */
export interface FoundCase {
  scenario: ExploredScenario
  outcome: RunOutcome
  /** How many times fast-check shrank it. */
  shrinks: number
  /** The number of the first failing case, before any shrinking (1-based, counted from the seed's first case, `from` included). */
  at: number
  /**
   * Whether the shrunk case, replayed alone on a connection of its own (a fresh process or instance), fails too — then
   * `outcome` is that run, and a scenario file of it reproduces; `false` when it failed only after the cases before it
   * in the same process (state kept from one setup to the next), and `outcome` is how it ran among them. Absent when
   * the case was not shrunk (`shrink: false`): nothing is saved of it.
   */
  reproducesAlone?: boolean
}

/** How an exploration ended: what it ran, and the case it found, if any. */
export interface Exploration {
  adapter: string
  port: PortName
  seed: number
  /** The cases asked for. */
  runs: number
  /** The cases run, shrinking included. */
  cases: number
  /** Whether `maxSeconds` ended it before `runs` cases. */
  interrupted: boolean
  found?: FoundCase
}

/** The case id an explored case runs under until it is saved. */
const exploredId = 'explored/case'

/**
 * Explores one port of one implementation: runs fast-check's generated scenarios of the port (its explorer) through
 * the same driver and contracts as a scenario file, with no expectations; a case whose verdict is not `held` (a
 * contract broke, or the implementation failed) is a failure, which fast-check shrinks to a minimal case. A case
 * the connection cannot run (`untestable`) is skipped. Deterministic in the seed, for a deterministic implementation.
 */
export async function explorePort(options: ExploreOptions): Promise<Exploration> {
  const explorer = explorers[options.port]
  const pool = new ConnectionPool()
  const failing = new Map<string, RunOutcome>()
  let cases = 0
  let firstFailure = 0
  try {
    let kitError: Error | undefined
    const property = fc.asyncProperty(explorer.scenarios(), async (scenario) => {
      const outcome = await runCase(options.port, scenario, options.adapter, pool).catch((error: Error) => {
        kitError ??= error // the kit's own failure (an invalid generated scenario…) is no case found: it stops the exploration
        throw error
      })
      cases++
      options.onCase?.(cases)
      fc.pre(outcome.verdict !== 'untestable')
      if (!(options.failsWhen ?? notHeld)(outcome)) return true
      failing.set(JSON.stringify(scenario), outcome)
      firstFailure ||= (options.from ?? 0) + cases
      return false
    })
    const details = await fc.check(property, {
      seed: options.seed,
      numRuns: options.runs,
      ...(options.maxSeconds ? { interruptAfterTimeLimit: options.maxSeconds * 1000, markInterruptAsFailure: false } : {}),
      ...(options.shrink === false ? { endOnFailure: true } : {}),
      // a path of one number is the number of the seed's cases fast-check passes over (lazily: none is generated)
      ...(options.from ? { path: String(options.from) } : {}),
    })
    if (kitError) throw kitError
    const base = { adapter: options.adapter.name, port: options.port, seed: options.seed, runs: options.runs, cases, interrupted: details.interrupted }
    if (!details.failed) return base
    if (details.counterexample === null) throw details.errorInstance ?? new Error(`exploring ${options.port} failed without a case`)
    const scenario = details.counterexample[0] as ExploredScenario
    const outcome = failing.get(JSON.stringify(scenario)) ?? (await runCase(options.port, scenario, options.adapter, pool))
    const found = { scenario, outcome, shrinks: details.numShrinks, at: firstFailure }
    if (options.shrink === false) return { ...base, found }
    // what is saved must fail when replayed by itself: run it once more on a connection of its own
    const alone = await replayAlone(options.port, scenario, options.adapter)
    const reproducesAlone = (options.failsWhen ?? notHeld)(alone)
    return { ...base, cases: cases + 1, found: { ...found, outcome: reproducesAlone ? alone : outcome, reproducesAlone } }
  } finally {
    await pool.closeAll()
  }
}

/** Replays a case on a pool of its own, closed after it: a fresh process (or instance), as a saved scenario file runs. */
async function replayAlone(port: PortName, scenario: ExploredScenario, adapter: Adapter): Promise<RunOutcome> {
  const pool = new ConnectionPool()
  try {
    return await runCase(port, scenario, adapter, pool)
  } finally {
    await pool.closeAll()
  }
}

function notHeld(outcome: RunOutcome): boolean {
  return outcome.verdict !== 'held'
}

/** Validates a generated scenario (an explorer that generates an invalid one is a kit error) and replays it, settling a case inconclusive because of time. */
async function runCase(port: PortName, scenario: ExploredScenario, adapter: Adapter, pool: ConnectionPool): Promise<RunOutcome> {
  const parsed = scenarioSchema.safeParse({ title: 'explored case', ...scenario })
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new Error(`the ${port} explorer generated an invalid scenario (${issue?.path.join('.') || 'the case'}: ${issue?.message}): ${JSON.stringify(scenario).slice(0, 300)}`)
  }
  const loaded: LoadedScenario = { id: exploredId, file: '', scenario: parsed.data, exercises: exercisesOf(parsed.data) }
  // a case left unknown only because of time (a client slow to start) is run again at 2×, then 4× its durations, as `run` does
  return settleRun((timeScale) => replayScenario(loaded, { adapter, pool, expectations: [], noExpectations: true, timeScale }), 1)
}
