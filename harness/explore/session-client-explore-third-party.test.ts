import { describe, expect, test } from 'vitest'
import { thirdPartyClients } from '#harness/__test-helpers__/session-server/third-party-clients.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { expectReferenceSurvives } from '#harness/explore/session-client-explore-budget.ts'

// The other way of session-client-explore.test.ts, on correct clients the kit did not write: examples/clients/ on
// three HTTP/2 stacks (node:http2, undici, Python httpx + h2), each started as a command for every case, survive the
// budget that finds every mutant, with nothing found. One at a time, as the kit's own reference is explored.

const clients = thirdPartyClients()

describe('session-client explore finds nothing in the clients of other HTTP/2 stacks', () => {
  test('every third-party client can run on CI', () => {
    const cannot = clients.filter((c) => !c.template)
    if (process.env.CI) expect(cannot.map((c) => `${c.name}: ${c.cannotRun}`)).toEqual([])
  })

  // on CI the packages are installed and every client runs; elsewhere a client that cannot run says why above
  test.for(clients.filter((c) => c.template).map((c) => [`${c.name} (${c.stack})`, c] as const))('%s', { timeout: 300_000 }, async ([, client]) => {
    await expectReferenceSurvives(createCommandAdapter({ name: `command:${client.name}`, template: client.template! }))
  })
})
