import type { PortName } from '#harness/adapters/adapter.ts'
import type { RuleRow } from '#harness/rules/rule-table.ts'
import { mutantsOfPort } from '#harness/__test-helpers__/explore-mutants.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'

/** The budget the pager's explore tests give every mutant and every reference: a fixed seed and 100 cases (explore's default). */
export const pagerExploreBudget = { seed: 0x9a6e5, runs: 100 } as const

/** The port a rule table mutant works on: a bundled mutant by its name, a `stdio:` program by the folder of fixtures/systems it lies in. */
export function portOfMutant(mutant: string): PortName | undefined {
  if (/^(stdio|command):/.test(mutant)) return /fixtures\/systems\/([a-z-]+)\//.exec(mutant)?.[1] as PortName | undefined
  return portOfBundled(mutant)
}

/** The rule table's pager mutants, each with the owner it was built to break: the in-process ones and the stdio programs. */
export function pagerMutantRows(): { inProcess: RuleRow[]; stdio: RuleRow[] } {
  const rows = mutantsOfPort('pager', portOfMutant)
  return { inProcess: rows.filter((r) => !r.mutant.startsWith('stdio:')), stdio: rows.filter((r) => r.mutant.startsWith('stdio:')) }
}

/**
 * The rule table's stdio programs of the pager in the two files that explore them (each starts the reference through a
 * proxy, a second or two a start): those built to break the protocol (pager-explore-stdio.test.ts) and the rest — the
 * handshake, a crash, a timeout, an implementation error (pager-explore-stdio-faults.test.ts).
 */
export function pagerStdioRows(file: 'protocol' | 'faults'): RuleRow[] {
  return pagerMutantRows().stdio.filter((row) => (row.owner === 'adapter:protocol') === (file === 'protocol'))
}
