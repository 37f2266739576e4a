import { describe, expect, test } from 'vitest'
import { agentLogMutants } from '#fixtures/systems/agent-log/mutants/index.ts'
import { tempFoldersInMemory } from '#harness/__test-helpers__/memory-temp-folders.ts'
import { agentLogMutantFiles, agentLogMutantRows, agentLogMutantsOf, expectMutantFound } from '#harness/explore/agent-log-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name
tempFoldersInMemory() // each case's sandbox and stores: no disk flush a commit

// Exploration proven both ways on the agent-log port, over stdio with real kill -9: every mutant of the rule table is
// found by the explorer alone (no bundled scenario drawn), breaking the contract it was built to break. Each case is a
// process of its own, started in the case's sandbox with HOME, TMPDIR and the XDG folders pointed at folders the kit
// watches (and one more process for every restart, or step after a kill -9): what is proven is what a process leaves
// behind — on disk, where a kill -9 cannot reach, and nowhere else — so no case can share a process with another. The
// mutant runs stop at the first case found (no shrinking: each shrink is a process too). The mutants are explored in
// four files by the contracts they break (agentLogMutantFiles), so that two workers share them; this one holds what a
// check reads — one row per agent, running rows, their order, sessions apart — and where the store may be. The
// references survive the same seed with nothing found: agent-log-explore-references.test.ts and
// agent-log-explore-references-2.test.ts.

const rows = agentLogMutantRows()

describe.concurrent('agent-log explore finds every mutant of the rule table', () => {
  test('the rule table names every agent-log mutant, and the two of its stdio transport, each explored in one file', () => {
    expect(rows.map((r) => r.mutant)).toEqual(expect.arrayContaining(agentLogMutants.map((m) => m.name)))
    expect(rows).toHaveLength(agentLogMutants.length + 2)
    const files = Object.keys(agentLogMutantFiles) as Array<keyof typeof agentLogMutantFiles>
    expect(files.flatMap((file) => agentLogMutantsOf(file).map((r) => r.mutant)).sort()).toEqual(rows.map((r) => r.mutant).sort())
  })

  test.for(agentLogMutantsOf('rows').map((row) => [row.mutant, row] as const))('%s', { timeout: 300_000 }, async ([, row]) => {
    await expectMutantFound(row)
  })
})
