import { describe, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { casesTitle } from '#harness/__test-helpers__/explored-cases.ts'
import { exploreTestTimeoutMs, expectReferenceSurvives, referenceHalves } from '#harness/explore/session-client-explore-budget.ts'

await loadShippedSystems() // the bundled systems these tests name

// The other way of session-client-explore.test.ts: the kit's reference client, in process and as a command (its CLI,
// started for every case), survives the budget that finds every mutant, with nothing found — against the kit's real
// HTTP/2 server on loopback, since what is judged is what a client makes of real frames, GOAWAYs and resets on its
// own timers. The command's 40 cases take a process each, so this file explores cases 1–20 and
// session-client-explore-references-2.test.ts cases 21–40 (the same cases, on the other worker). One at a time: side
// by side in one file, each starved the other's client past the explored deadlines (a CI run broke
// recovery/reply-read-whole on the in-process reference at a 1,390 ms deadline so).

describe('session-client explore finds nothing in the references', () => {
  test('session-client/reference', { timeout: exploreTestTimeoutMs }, async () => {
    await expectReferenceSurvives(resolveAdapter('session-client/reference'))
  })

  test(`session-client/reference@command: ${casesTitle(referenceHalves[0])}`, { timeout: exploreTestTimeoutMs }, async () => {
    await expectReferenceSurvives(resolveAdapter('session-client/reference@command'), referenceHalves[0])
  })
})
