import { describe, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { casesTitle } from '#harness/__test-helpers__/explored-cases.ts'
import { tempFoldersInMemory } from '#harness/__test-helpers__/memory-temp-folders.ts'
import { expectReferenceSurvives, referenceParts } from '#harness/explore/agent-log-explore-budget.ts'

await loadShippedSystems() // the bundled systems these tests name
tempFoldersInMemory() // each case's sandbox and stores: no disk flush a commit

// agent-log-explore-references.test.ts's proof, continued: the TypeScript reference over stdio survives cases 6–12 of
// the budget (1–5 are there; the sixth is a thousand agents' starts and completions), with nothing found. A process a
// case (and one more for every restart, or step after a kill -9), each started in its case's sandbox: what a case
// proves is what a real process leaves on disk after a real kill -9.

describe('agent-log explore finds nothing in the references', () => {
  test(`agent-log/reference@stdio: ${casesTitle(referenceParts[1])}`, { timeout: 300_000 }, async () => {
    await expectReferenceSurvives(resolveAdapter('agent-log/reference@stdio'), referenceParts[1])
  })
})
