import type { RunOutcome, SettlingAttempt } from '#harness/runner/run-outcome.ts'
import type { ContractOutcome, RunVerdict } from '#harness/expectations/decide-verdict.ts'
import { passingVerdicts } from '#harness/expectations/decide-verdict.ts'

/** The verdicts in the order reports list them. */
export const verdictOrder: readonly RunVerdict[] = ['held', 'expected-broken', 'broken', 'unexpected-held', 'error', 'untestable']

/**
 * The content of results.json: every run's verdict, the contracts its scenario exercises (`exercises`) and every contract
 * of its port with its result — `held` with its `evidence` and `figures`, `broken` with its `message` and `witness`,
 * `not-applicable` or `unknown` with its `reason`, and whether the scenario exercises it (`exercised`) — then the counts
 * and the errors outside any run. Deterministic: no times, no process ids.
 */
export interface RunResults {
  format: 'contract-kit/results@2'
  passed: boolean
  /** The run's time scale (`--time-scale`, CONTRACT_KIT_TIME_SCALE; 1 by default); each run says its own (a profile's multiplies it, a rerun doubles it). */
  timeScale: number
  counts: Record<RunVerdict, number> & { runs: number }
  runs: Array<Omit<RunOutcome, 'history' | 'historyFile' | 'settling'> & { history?: string; settling?: ResultAttempt[] }>
  /** Failures that belong to no run (a suite that could not load, a kit error). */
  errors: string[]
  /** Present only when a signal (or the parent going away) stopped the run before every planned run ran: always `true`. */
  interrupted?: true
  /** The signal that stopped it (`SIGINT`, `SIGTERM`, `SIGHUP`). */
  interruptedBy?: string
  /** The planned runs that did not run (or had not finished when it stopped), by adapter then scenario, with the command that runs each. */
  notRun?: NotRun[]
  /** What `contract-kit explore` ran (present only for an exploration): per adapter and port, the seed, the cases and what it found. */
  explorations?: ExplorationEntry[]
}

/** One attempt of a settled run in results.json: its scale, verdict and reason, and its History's file (the last attempt's is the run's). */
export type ResultAttempt = Omit<SettlingAttempt, 'history' | 'historyFile'> & { history?: string }

/** A planned run that an interruption kept from running: its adapter and scenario, and the command that runs it alone. */
export interface NotRun {
  adapter: string
  scenario: string
  reproduce?: string
}

/** An interrupted run: the signal, and the planned runs that did not run. */
export interface RunInterruption {
  signal: string
  notRun: readonly NotRun[]
}

/** One exploration in results.json: the implementation and port explored, the seed and the cases run, and the scenario file of the case found. */
export interface ExplorationEntry {
  adapter: string
  port: string
  seed: number
  /** The cases asked for, and those run (shrinking included). */
  runs: number
  cases: number
  interrupted: boolean
  /**
   * The found case: its scenario file (as written) and case id, and the command that replays it; or, for a case that
   * failed only after the cases before it in the same process and held replayed alone (nothing saved), the case number
   * it failed at and the command that explores up to it again.
   */
  found?: { file: string; scenario: string; reproduce: string } | { alone: 'held'; at: number; reproduce: string }
}

/** Sorts outcomes (by adapter, then scenario), counts verdicts, and points each kept History at its file; an interrupted run never passes. */
export function runResults(outcomes: readonly RunOutcome[], errors: readonly string[], historyFile: (o: RunOutcome, attempt?: number) => string, explorations?: readonly ExplorationEntry[], interruption?: RunInterruption, timeScale = 1): RunResults {
  const sorted = [...outcomes].sort((a, b) => compare(a.adapter, b.adapter) || compare(a.scenario, b.scenario))
  const counts = Object.fromEntries(verdictOrder.map((v) => [v, 0])) as Record<RunVerdict, number>
  for (const o of sorted) counts[o.verdict]++
  return {
    format: 'contract-kit/results@2',
    timeScale,
    passed: !interruption && errors.length === 0 && (sorted.length > 0 || (explorations?.length ?? 0) > 0) && sorted.every((o) => passingVerdicts.has(o.verdict)) && !explorations?.some((e) => e.found),
    counts: { runs: sorted.length, ...counts },
    // a process id differs from run to run: it stays in the History, not in results.json, which two runs must agree on
    runs: sorted.map(({ history, historyFile: written, settling, ...run }) => ({
      ...run,
      system: withoutPid(run.system),
      contracts: run.contracts.map(contractEntry),
      ...(history ? { history: historyFile(run) } : written ? { history: written } : {}),
      ...(settling ? { settling: settling.map(({ history: kept, historyFile: file, ...a }) => ({ ...a, ...(kept ? { history: historyFile(run, a.attempt) } : file ? { history: file } : {}) })) } : {}),
    })),
    errors: [...errors],
    ...(interruption ? { interrupted: true as const, interruptedBy: interruption.signal, notRun: [...interruption.notRun].sort((a, b) => compare(a.adapter, b.adapter) || compare(a.scenario, b.scenario)) } : {}),
    ...(explorations ? { explorations: [...explorations] } : {}),
  }
}

/** A contract's result with its keys in one order, whatever built it: id, verdict, exercised, then its evidence, witness or reason. */
function contractEntry(c: ContractOutcome): ContractOutcome {
  const { id, verdict, exercised, ...rest } = c
  return { id, verdict, exercised, ...rest } as ContractOutcome
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

function withoutPid(system: RunOutcome['system']): RunOutcome['system'] {
  if (system === null || system.pid === undefined) return system
  const { pid: _pid, ...rest } = system
  return rest
}
