import type { History } from '#harness/history/history.ts'
import type { PortName } from '#harness/adapters/adapter.ts'

/** The contract held on this History. */
export interface ContractHeld {
  verdict: 'held'
}

/** The contract broke: a one-line message and a minimal witness (the page, the measure, the value, the ceiling…). */
export interface ContractBroken {
  verdict: 'broken'
  message: string
  witness: Record<string, unknown>
}

/** The checker could not decide on this History (never read as a pass): why. */
export interface ContractUnknown {
  verdict: 'unknown'
  reason: string
}

/** The result of checking one contract on one History: the ways a check can end. */
export type ContractResult = ContractHeld | ContractBroken | ContractUnknown

/** What defines a contract: a stable id, a one-sentence statement, the bugs it came from, and a pure checker. */
export interface ContractDefinition<H extends History = History> {
  id: string
  statement: string
  /** Bug ids this contract was born from (bug-reports/README.md). */
  from: string[]
  port: H['port'] & PortName
  check(history: H): ContractResult
}

/** A contract: its definition, with `check` (returns a result) and `assert` (throws a ContractBrokenError unless held). */
export interface Contract<H extends History = History> extends ContractDefinition<H> {
  assert(history: H): void
}

/** Thrown by a contract's `assert` when it did not hold; carries the result. */
export class ContractBrokenError extends Error {
  override readonly name = 'ContractBrokenError'
  constructor(
    readonly contract: string,
    readonly result: ContractBroken | ContractUnknown,
  ) {
    super(`${contract} ${result.verdict}: ${result.verdict === 'broken' ? result.message : result.reason}`)
  }
}

/** Makes a contract from its definition, adding the throwing `assert`. */
export function defineContract<H extends History>(definition: ContractDefinition<H>): Contract<H> {
  return {
    ...definition,
    assert(history) {
      const result = definition.check(history)
      if (result.verdict !== 'held') throw new ContractBrokenError(definition.id, result)
    },
  }
}

/** The held result. */
export const held: ContractHeld = { verdict: 'held' }

/** A broken result with its message and witness. */
export function broken(message: string, witness: Record<string, unknown>): ContractBroken {
  return { verdict: 'broken', message, witness }
}

/** An unknown result with the reason the checker could not decide. */
export function unknown(reason: string): ContractUnknown {
  return { verdict: 'unknown', reason }
}
