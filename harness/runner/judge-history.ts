import type { History } from '#harness/history/history.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { unknown } from '#harness/contracts/contract.ts'
import type { AnyContract, ContractResult } from '#harness/contracts/contract.ts'
import { decideVerdict } from '#harness/expectations/decide-verdict.ts'
import type { ContractOutcome, VerdictDecision } from '#harness/expectations/decide-verdict.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import { resultSaysWhy } from '#harness/runner/result-says-why.ts'

/** A History judged: every contract of its port (exercised or not) with its result, and the run's verdict. */
export interface Judgement extends VerdictDecision {
  contracts: ContractOutcome[]
}

/**
 * The one way a History becomes results — for `run`, `judge`, `reproduce`, the contract suite and the unit tests:
 * judges it by every contract of its port, marks the ones the scenario exercises, and decides the verdict with the
 * known-failing entries the run had (or those given). A History whose replay the adapter stopped, or that never ran
 * (untestable), has no contract judged: each is `unknown`, none `held` and none `broken`.
 */
export function judgeHistory(history: History, expectations: readonly KnownFailingEntry[] = history.expectations ?? []): Judgement {
  const port = contractsOfPort(history.port as PortName)
  const known = new Set(port.map((c) => c.id))
  const contracts: ContractOutcome[] = port.map((contract) => ({ id: contract.id, exercised: history.exercises.includes(contract.id), ...judgeOne(contract, history) }))
  for (const id of history.exercises) {
    if (!known.has(id)) contracts.push({ id, exercised: true, ...unknown(`no contract of the ${history.port} port has the id ${id}`) })
  }
  return { contracts, ...decideVerdict(history.scenario, contracts, expectations, history.failure) }
}

function judgeOne(contract: AnyContract, history: History): ContractResult {
  const failure = history.failure
  if (failure?.failure === 'untestable') return unknown(`not judged: the scenario could not run on this connection (${failure.message})`)
  if (failure) return unknown(`not judged: the adapter failed (${failure.failure}) before the scenario ended`)
  try {
    return resultSaysWhy(contract.id, contract.check(history))
  } catch (error) {
    return unknown(`the checker could not read this History: ${error instanceof Error ? error.message : String(error)}`)
  }
}
