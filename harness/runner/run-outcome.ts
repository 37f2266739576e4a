import type { SystemInfo } from '#harness/adapters/adapter.ts'
import type { ContractOutcome, RunVerdict } from '#harness/expectations/decide-verdict.ts'
import type { History } from '#harness/history/history.ts'

/** How one scenario ran against one adapter: the verdict, each contract's result, what failed, and how to run it alone. */
export interface RunOutcome {
  scenario: string
  adapter: string
  port: string
  /** The bug the scenario reproduces, if it is a regression. */
  reproduces?: string
  system: SystemInfo | null
  /** The time scale of the attempt that decided the verdict: every duration the scenario gives was multiplied by it (every run the kit makes sets it; absent: 1). */
  timeScale?: number
  verdict: RunVerdict
  /** The contracts the scenario exercises: each must come back held or broken. */
  exercises: string[]
  /** Every contract of the port, exercised or not, with its result: evidence, witness, or why it was not judged. */
  contracts: ContractOutcome[]
  /** Known-failing entries that matched this run but excuse nothing that broke (stale). */
  stale: Array<{ pattern: string; reason: string; source: string }>
  /** Why the verdict is `error` or `untestable` (an adapter failure, an exercised contract left unjudged, a connection that cannot observe what the scenario needs), with the implementation's stderr. */
  error?: { message: string; stderr: string }
  /** The figures a person reads first (for a session client: exit code, reply bytes, last line, truncated lines…). */
  observed?: Record<string, unknown>
  /** Each attempt's verdict, when a known-flaky case ran more than once (the last is the verdict). */
  attempts?: RunVerdict[]
  /**
   * Every attempt, in order, when the run was inconclusive because of time and ran again at a larger scale (the last
   * attempt decides: it is this outcome); absent when one attempt decided.
   */
  settling?: SettlingAttempt[]
  /** The command that runs this case alone. */
  reproduce: string
  /** The History, kept for every run that did not hold. */
  history?: History
  /** The History's file in the reports folder, already written there by the worker that ran it (instead of `history`). */
  historyFile?: string
}

/** One attempt of a run settled by running it again: its scale, its verdict, why it did not decide, and its History. */
export interface SettlingAttempt {
  attempt: number
  timeScale: number
  verdict: RunVerdict
  /** Why it was `error` (each unjudged contract and why), when it was. */
  reason?: string
  /** The attempt's History (until a worker writes it), or its file in the reports folder. */
  history?: History
  historyFile?: string
}
