import { expect } from 'vitest'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { breaksOwner, mutantsOfPort } from '#harness/__test-helpers__/explore-mutants.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import type { RuleRow } from '#harness/rules/rule-table.ts'
import { twoParts, type ExploredCases } from '#harness/__test-helpers__/explored-cases.ts'

/**
 * Test helper: the budget the agent-log explore tests give every mutant and every reference — seed 1; a mutant up to
 * 40 cases, stopping at the first found (each is found within its first 6); a reference 12 cases, a process each
 * (`explore --runs 200` finds nothing in them either).
 */
export const agentLogExploreBudget = { seed: 1, mutantRuns: 40, referenceRuns: 12 } as const

/**
 * The reference budget in two parts — cases 1–5 and 6–12 of the seed — for the TypeScript reference over stdio (a
 * process a case, and one more for every restart), so that two test files, on two workers, explore one part each: the
 * sixth case (a thousand agents' starts and completions, a third of the twelve's time) in the second.
 */
export const referenceParts = twoParts(agentLogExploreBudget.referenceRuns, 5)

/**
 * The files the rule table's agent-log mutants are explored in, each by the owners of its rows — a process per case
 * and one more per kill or restart, so one file of them all took over a minute on two cores; the contracts are split
 * so that each file's explorations cost about the same (the two mutants found only by a case of a thousand agents,
 * completion-replaces-row and recreates-table-on-open, in different files).
 */
export const agentLogMutantFiles = {
  /** agent-log-explore.test.ts: what a check reads — one row per agent, running rows, order, sessions — and where the store may be. */
  rows: ['durability/one-row-per-agent', 'durability/running-row-visible', 'durability/records-ordered', 'durability/sessions-apart', 'durability/scoped', 'durability/sandboxed'],
  /** agent-log-explore-faithful.test.ts: every field of every record as written, and what the stdio transport must answer. */
  faithful: ['durability/record-faithful', 'adapter:handshake', 'adapter:protocol'],
  /** agent-log-explore-restarts.test.ts: the records survive eviction, reuse and a restart after kill -9. */
  restarts: ['durability/survives-eviction', 'durability/survives-reuse', 'durability/survives-restart'],
  /** agent-log-explore-best-effort.test.ts: a store that fails never fails the agent, and says so. */
  bestEffort: ['durability/best-effort'],
} as const

/** The port a rule-table mutant works on, as far as the agent log goes: a bundled mutant by its name, a `stdio:` program by its folder. */
function portOfMutant(mutant: string): PortName | undefined {
  return mutant.startsWith('stdio:') ? (mutant.includes('/agent-log/') ? 'agent-log' : undefined) : portOfBundled(mutant)
}

/** The rule table's agent-log mutants (the bundled ones and the two stdio programs), each with the owner it was built to break. */
export function agentLogMutantRows(): RuleRow[] {
  return mutantsOfPort('agent-log', portOfMutant)
}

/** The rule table's agent-log mutants one file explores: those whose owner its entry of `agentLogMutantFiles` names. */
export function agentLogMutantsOf(file: keyof typeof agentLogMutantFiles): RuleRow[] {
  const owners: readonly string[] = agentLogMutantFiles[file]
  return agentLogMutantRows().filter((row) => owners.includes(row.owner))
}

/** Explores a mutant with the budget, stopping at the first case found (no shrinking: each shrink is a process too), and asserts the case breaks the row's owner. */
export async function expectMutantFound(row: RuleRow): Promise<void> {
  const { seed, mutantRuns } = agentLogExploreBudget
  const exploration = await explorePort({ adapter: mutantAdapter(row.mutant), port: 'agent-log', runs: mutantRuns, seed, shrink: false, failsWhen: (outcome) => breaksOwner(row, outcome) })
  expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${exploration.cases} cases`).toBeDefined()
  expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
}

/** Explores a reference with the budget (all its cases, or the part `cases` names) and asserts it survives: nothing found in every one of them. */
export async function expectReferenceSurvives(adapter: Adapter, cases: ExploredCases = { from: 0, runs: agentLogExploreBudget.referenceRuns }): Promise<void> {
  const { seed } = agentLogExploreBudget
  const exploration = await explorePort({ adapter, port: 'agent-log', runs: cases.runs, seed, from: cases.from })
  const found = exploration.found
  expect(found && { verdict: found.outcome.verdict, error: found.outcome.error?.message, contracts: found.outcome.contracts.filter((c) => c.verdict !== 'held' && c.verdict !== 'not-applicable') }, JSON.stringify(found?.scenario)).toBeUndefined()
}
