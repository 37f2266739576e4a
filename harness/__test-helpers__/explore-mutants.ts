import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PortName } from '#harness/adapters/adapter.ts'
import { readRuleTable } from '#harness/rules/rule-table.ts'
import type { RuleRow } from '#harness/rules/rule-table.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import type { Exploration } from '#harness/explore/explore-port.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

/** The rule table's rows whose mutant works on a port: each mutant once, with the owner it was built to break (the first row that names it). */
export function mutantsOfPort(port: PortName, portOfMutant: (mutant: string) => PortName | undefined): RuleRow[] {
  const rows = readRuleTable(readFileSync(`${root}docs/contracts.md`, 'utf8')).rows
  const seen = new Set<string>()
  return rows.filter((row) => {
    if (seen.has(row.mutant)) return false
    const owned = row.owner.startsWith('adapter:') ? portOfMutant(row.mutant) : contractsById.get(row.owner)?.port
    if (owned !== port) return false
    seen.add(row.mutant)
    return true
  })
}

/** Whether a run shows a row's owner broken: the contract broken, or the run ended by that adapter failure. */
export function breaksOwner(row: Pick<RuleRow, 'owner'>, outcome: RunOutcome): boolean {
  if (row.owner.startsWith('adapter:')) return outcome.verdict === 'error' && outcome.history?.failure?.failure === row.owner.slice('adapter:'.length)
  return outcome.contracts.some((c) => c.id === row.owner && c.verdict === 'broken')
}

/** Explores a port of a rule row's mutant with a fixed seed and budget, counting as failures only runs that break the row's owner. */
export function exploreMutant(row: RuleRow, port: PortName, budget: { runs: number; seed: number; timeoutMs?: number }): Promise<Exploration> {
  return explorePort({ adapter: mutantAdapter(row.mutant, budget.timeoutMs), port, runs: budget.runs, seed: budget.seed, failsWhen: (outcome) => breaksOwner(row, outcome) })
}
