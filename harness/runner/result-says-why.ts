import { unknown, type ContractResult } from '#harness/contracts/contract.ts'

/**
 * A contract's result as the reports may show it: one that does not say why — held with no evidence, broken with no
 * message, unknown or not-applicable with no reason — is a defect of the kit's checker, and is left unjudged
 * (`unknown`, naming the contract), so an exercised contract makes the run an error, never a pass or a silent broken.
 */
export function resultSaysWhy(contractId: string, result: ContractResult): ContractResult {
  const said = result.verdict === 'held' ? result.evidence : result.verdict === 'broken' ? result.message : result.reason
  if (typeof said === 'string' && said.trim() !== '') return result
  return unknown(`${contractId} said ${result.verdict} without saying why (an empty ${result.verdict === 'held' ? 'evidence' : result.verdict === 'broken' ? 'message' : 'reason'}): a defect of the kit's checker, so it is left unjudged`)
}
