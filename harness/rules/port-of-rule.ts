import type { PortName } from '#harness/adapters/adapter.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { contractsById } from '#harness/contracts/index.ts'
import type { RuleRow } from '#harness/rules/rule-table.ts'

/**
 * The port a rule row is about, whose explorer feeds it: its owner's port, or for a rule the adapter judges
 * (`adapter:<failure>`) the port of its mutant — a `stdio:`/`command:` program under `fixtures/systems/<port>/`, or a
 * bundled mutant by name.
 */
export function portOfRule(row: Pick<RuleRow, 'owner' | 'mutant'>): PortName {
  const owned = contractsById.get(row.owner)?.port
  if (owned) return owned
  const program = /^(?:stdio|command):fixtures\/systems\/([a-z-]+)\//.exec(row.mutant)
  return (program ? program[1] : portOfBundled(row.mutant)) as PortName
}
