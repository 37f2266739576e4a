import { describe, test } from 'vitest'
import { thirdPartyClients } from '#harness/__test-helpers__/session-server/third-party-clients.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { casesTitle } from '#harness/__test-helpers__/explored-cases.ts'
import { exploreTestTimeoutMs, expectReferenceSurvives, referenceHalves } from '#harness/explore/session-client-explore-budget.ts'

// session-client-explore-third-party.test.ts's proof for the example client on undici (allowH2, h2c), started as a
// command for every case against the kit's real HTTP/2 server on loopback: cases 21–40 of the budget, the other
// half in session-client-explore-undici-1.test.ts, so that its 40 cases (a process each) run on two workers.

const client = thirdPartyClients().find((c) => c.name === 'undici')!
const cases = referenceHalves[1]

describe('session-client explore finds nothing in the clients of other HTTP/2 stacks', () => {
  test(`${client.name} (${client.stack}): ${casesTitle(cases)}`, { timeout: exploreTestTimeoutMs }, async () => {
    await expectReferenceSurvives(createCommandAdapter({ name: `command:${client.name}`, template: client.template! }), cases)
  })
})
