import { describe, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { expectReferenceSurvives } from '#harness/explore/session-client-explore-budget.ts'

await loadShippedSystems() // the bundled systems these tests name

// The other way of session-client-explore.test.ts: the kit's reference client, in process and as a command (its CLI,
// started for every case), survives the budget that finds every mutant, with nothing found. One at a time: side by
// side in one file, each starved the other's client past the explored deadlines (a CI run broke
// recovery/reply-read-whole on the in-process reference at a 1,390 ms deadline so).

describe('session-client explore finds nothing in the references', () => {
  test.for(['session-client/reference', 'session-client/reference@command'])('%s', { timeout: 300_000 }, async (name) => {
    await expectReferenceSurvives(resolveAdapter(name))
  })
})
