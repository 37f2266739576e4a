import { describe, test } from 'vitest'
import { tempFoldersInMemory } from '#harness/__test-helpers__/memory-temp-folders.ts'
import { agentLogMutantsOf, expectMutantFound } from '#harness/explore/agent-log-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name
tempFoldersInMemory() // each case's sandbox and stores: no disk flush a commit

// agent-log-explore.test.ts's proof, for the mutants that break a record's fields (durability/record-faithful) and
// the two stdio programs that break the transport: each found by the explorer alone, a process a case (started in the
// case's sandbox, as every agent-log case must be: the records are read back from what the process left on disk).
// completion-replaces-row is found only by the sixth case, a thousand agents' starts and completions.

describe.concurrent('agent-log explore finds every mutant of the rule table: every field of every record, the stdio transport', () => {
  test.for(agentLogMutantsOf('faithful').map((row) => [row.mutant, row] as const))('%s', { timeout: 300_000 }, async ([, row]) => {
    await expectMutantFound(row)
  })
})
