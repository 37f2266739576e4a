import type { History } from '#harness/history/history.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import type { Observation } from '#harness/adapters/observation.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'

/** The contract held, and what the kit saw that shows it: a one-line account and the figures behind it. */
export interface ContractHeld {
  verdict: 'held'
  /** What was observed and measured, on one line ("12 pages measured, the largest 241,003 of 262,144 retained-bytes"). */
  evidence: string
  /** The figures behind the evidence (counts, the largest value and its ceiling…), never empty. */
  figures: Record<string, unknown>
}

/** The contract broke: a one-line message and a minimal witness (the page, the measure, the value, the ceiling…). */
export interface ContractBroken {
  verdict: 'broken'
  message: string
  witness: Record<string, unknown>
}

/** The scenario gave the contract nothing to judge (no spill was asked for, no walk was made): why. */
export interface ContractNotApplicable {
  verdict: 'not-applicable'
  reason: string
}

/** The contract should have seen something and did not (the adapter failed, a step did not run, an answer is missing): what. */
export interface ContractUnknown {
  verdict: 'unknown'
  reason: string
  /**
   * `time`: the run could not tell because of when things happened (the client started late, the kit noticed late, a
   * try may have begun with less than its limit), so the same run given more time may tell; absent: anything else.
   */
  cause?: 'time'
}

/** The result of checking one contract on one History: the four ways a check can end. Only `held` is a pass, and it carries its evidence. */
export type ContractResult = ContractHeld | ContractBroken | ContractNotApplicable | ContractUnknown

/** A contract's verdict on one History. */
export type ContractVerdict = ContractResult['verdict']

/** The scenario type of one port. */
export type ScenarioOf<P extends PortName> = Extract<Scenario, { port: P }>

/** What defines a contract: a stable id, a one-sentence statement, the bugs it came from, what exercises it, and a pure checker. */
export interface ContractDefinition<H extends History = History, P extends PortName = H['port'] & PortName> {
  id: string
  statement: string
  /** Bug ids this contract was born from (bug-reports/README.md). */
  from: string[]
  port: P
  /**
   * Whether a scenario gives this contract something to judge, decided from the scenario alone: `true`, or why not
   * (a scenario that names the contract in `contracts:` must exercise it; one that names none exercises every
   * contract of its port that this says it does).
   */
  exercisedBy(scenario: ScenarioOf<P>): true | string
  /**
   * `true`: its verdict depends on when things happened (a deadline, a try limit, a reconnect's wait), so a scenario
   * that exercises it is timing-bound: run alone, one at a time, and run again at a larger time scale when it could not tell.
   */
  timing?: true
  /** `named`: the contract counts as exercised only where a scenario names it (every run still judges it); default `derived`. */
  exercise?: 'derived' | 'named'
  /** What the kit must observe of the implementation to judge this contract in this scenario (default: its answers only). */
  needs?(scenario: ScenarioOf<P>): Observation[]
  /**
   * Judges a History. May call `pre(condition, reason)` (not applicable unless the condition holds) and
   * `need(value, reason)` (unknown unless the value is there) instead of returning those results.
   */
  check(history: H): ContractResult
}

/** A contract: its definition, with `check` (returns a result) and `assert` (throws a ContractBrokenError unless held). */
export interface Contract<H extends History = History, P extends PortName = H['port'] & PortName> extends ContractDefinition<H, P> {
  assert(history: H): void
}

/** A contract of any port, as the kit's table of contracts holds it. */
export type AnyContract = Contract<History, PortName>

/** Thrown by a contract's `assert` when it did not hold; carries the result. */
export class ContractBrokenError extends Error {
  override readonly name = 'ContractBrokenError'
  constructor(
    readonly contract: string,
    readonly result: ContractBroken | ContractNotApplicable | ContractUnknown,
  ) {
    super(`${contract} ${result.verdict}: ${result.verdict === 'broken' ? result.message : result.reason}`)
  }
}

/** Thrown by `pre` inside a check: the History gives the contract nothing to judge (fast-check's `pre`, for contracts). */
class NotApplicableSignal {
  constructor(readonly reason: string) {}
}

/** Thrown by `need` inside a check: evidence the contract needed is missing. */
class MissingEvidenceSignal {
  constructor(readonly reason: string) {}
}

/** Inside a check: unless `condition` holds, the contract is `not-applicable`, for `reason` (what the scenario did not give it). */
export function pre(condition: boolean, reason: string): asserts condition {
  if (!condition) throw new NotApplicableSignal(reason)
}

/** Inside a check: `pre` for a rule that answers `true` or why not (as `exercisedBy` does): not-applicable, for that reason, unless `true`. */
export function applies(rule: true | string): asserts rule is true {
  if (rule !== true) throw new NotApplicableSignal(rule)
}

/** Inside a check: the value, or, when it is missing (undefined or null), the contract is `unknown`, for `reason` (what was not seen). */
export function need<T>(value: T | undefined | null, reason: string): T {
  if (value === undefined || value === null) throw new MissingEvidenceSignal(reason)
  return value
}

/** Makes a contract from its definition: `check` turns `pre` and `need` into results and refuses a `held` without evidence; `assert` throws unless held. */
export function defineContract<H extends History, P extends PortName = H['port'] & PortName>(definition: ContractDefinition<H, P>): Contract<H, P> {
  const check = (history: H): ContractResult => {
    try {
      const result = definition.check(history)
      if (result.verdict === 'held') assertEvidence(definition.id, result)
      return result
    } catch (signal) {
      if (signal instanceof NotApplicableSignal) return notApplicable(signal.reason)
      if (signal instanceof MissingEvidenceSignal) return unknown(signal.reason)
      throw signal
    }
  }
  return {
    ...definition,
    check,
    assert(history) {
      const result = check(history)
      if (result.verdict !== 'held') throw new ContractBrokenError(definition.id, result)
    },
  }
}

function assertEvidence(id: string, result: ContractHeld): void {
  if (typeof result.evidence !== 'string' || result.evidence.trim() === '' || Object.keys(result.figures ?? {}).length === 0) {
    throw new TypeError(`${id}: a held result needs its evidence (one line of what was observed, and its figures)`)
  }
}

/** A held result, with what the contract saw: one line of evidence and the figures behind it (both required, never empty). */
export function held(evidence: string, figures: Record<string, unknown>): ContractHeld {
  const result: ContractHeld = { verdict: 'held', evidence, figures }
  assertEvidence('held', result)
  return result
}

/** A broken result with its message and witness. */
export function broken(message: string, witness: Record<string, unknown>): ContractBroken {
  return { verdict: 'broken', message, witness }
}

/** A not-applicable result: why the scenario gives the contract nothing to judge. */
export function notApplicable(reason: string): ContractNotApplicable {
  return { verdict: 'not-applicable', reason }
}

/** An unknown result: what evidence the checker should have seen and did not. */
export function unknown(reason: string): ContractUnknown {
  return { verdict: 'unknown', reason }
}

/** An unknown result because of time: the run could not tell only because of when things happened (it may tell at a larger time scale). */
export function unknownInTime(reason: string): ContractUnknown {
  return { verdict: 'unknown', reason, cause: 'time' }
}

/** The one line a result says after its verdict: the evidence, the message, or the reason. */
export function resultLine(result: ContractResult): string {
  if (result.verdict === 'held') return result.evidence
  if (result.verdict === 'broken') return result.message
  return result.reason
}
