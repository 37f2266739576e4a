import { describe, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { casesTitle } from '#harness/__test-helpers__/explored-cases.ts'
import { exploreTestTimeoutMs, expectReferenceSurvives, referenceHalves } from '#harness/explore/session-client-explore-budget.ts'

await loadShippedSystems() // the bundled systems these tests name

// session-client-explore-references.test.ts's proof for the kit's reference client as a command (its CLI, a process
// for every case, against the kit's real HTTP/2 server on loopback), cases 21–40 of the budget: a file of their own so
// that the two halves of its 40 cases run on two workers.

describe('session-client explore finds nothing in the references', () => {
  test(`session-client/reference@command: ${casesTitle(referenceHalves[1])}`, { timeout: exploreTestTimeoutMs }, async () => {
    await expectReferenceSurvives(resolveAdapter('session-client/reference@command'), referenceHalves[1])
  })
})
