import { describe, test } from 'vitest'
import { tempFoldersInMemory } from '#harness/__test-helpers__/memory-temp-folders.ts'
import { agentLogMutantsOf, expectMutantFound } from '#harness/explore/agent-log-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name
tempFoldersInMemory() // each case's sandbox and stores: no disk flush a commit

// agent-log-explore.test.ts's proof, for the mutants whose records do not survive the UI-event list's eviction, a
// session's reuse, or a kill -9 and restart: each found by the explorer alone. A kill -9 needs a real process, and a
// restart another on the same store, so every case is a process (or more) of its own. recreates-table-on-open is
// found only by the sixth case, a thousand agents' starts and completions.

describe.concurrent('agent-log explore finds every mutant of the rule table: records survive eviction, reuse and kill -9', () => {
  test.for(agentLogMutantsOf('restarts').map((row) => [row.mutant, row] as const))('%s', { timeout: 300_000 }, async ([, row]) => {
    await expectMutantFound(row)
  })
})
