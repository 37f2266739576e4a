import type { History } from '#harness/history/history.ts'
import { contractsById, contractsOfPort } from '#harness/contracts/index.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { PortName } from '#harness/adapters/adapter.ts'

/** Judges a History by every contract it asks for (or every contract of its port): one outcome per contract, in order. */
export function judgeHistory(history: History): ContractOutcome[] {
  const contracts = history.contracts.length > 0 ? history.contracts.map((id) => contractsById.get(id)) : contractsOfPort(history.port as PortName)
  return contracts.map((contract, i) => {
    if (!contract) return { id: history.contracts[i], verdict: 'unknown', reason: `no contract has the id ${history.contracts[i]}` }
    return { id: contract.id, ...contract.check(history as never) }
  })
}
