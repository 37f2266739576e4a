import { describe, test } from 'vitest'
import { tempFoldersInMemory } from '#harness/__test-helpers__/memory-temp-folders.ts'
import { agentLogMutantsOf, expectMutantFound } from '#harness/explore/agent-log-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name
tempFoldersInMemory() // each case's sandbox and stores: no disk flush a commit

// agent-log-explore.test.ts's proof, for the mutants that let a failing store fail the agent, or fail silently
// (durability/best-effort): each found by the explorer alone. The store is made unwritable in the case's sandbox and
// what the process reports is read from its stderr, so every case is a process of its own.

describe.concurrent('agent-log explore finds every mutant of the rule table: a failing store never fails the agent', () => {
  test.for(agentLogMutantsOf('bestEffort').map((row) => [row.mutant, row] as const))('%s', { timeout: 300_000 }, async ([, row]) => {
    await expectMutantFound(row)
  })
})
