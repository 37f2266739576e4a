import { describe, expect, test } from 'vitest'
import { thirdPartyClients } from '#harness/__test-helpers__/session-server/third-party-clients.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { exploreTestTimeoutMs, expectReferenceSurvives } from '#harness/explore/session-client-explore-budget.ts'

// The other way of session-client-explore.test.ts, on correct clients the kit did not write: examples/clients/ on
// three HTTP/2 stacks (node:http2, undici, Python httpx + h2), each started as a command for every case against the
// kit's real HTTP/2 server on loopback (what is judged is what a real stack makes of real frames, GOAWAYs and resets),
// survive the budget that finds every mutant, with nothing found. node:http2 here (its 40 cases in about 20 s); undici
// and httpx start slower, so each explores cases 1–20 and 21–40 in files of their own
// (session-client-explore-undici-1.test.ts, …-undici-2, …-httpx-1, …-httpx-2), on the two workers.

const clients = thirdPartyClients()
const nodeHttp2 = clients.find((c) => c.name === 'node-http2')!

describe('session-client explore finds nothing in the clients of other HTTP/2 stacks', () => {
  test('every third-party client can run on CI', () => {
    const cannot = clients.filter((c) => !c.template)
    if (process.env.CI) expect(cannot.map((c) => `${c.name}: ${c.cannotRun}`)).toEqual([])
  })

  test(`${nodeHttp2.name} (${nodeHttp2.stack})`, { timeout: exploreTestTimeoutMs }, async () => {
    await expectReferenceSurvives(createCommandAdapter({ name: `command:${nodeHttp2.name}`, template: nodeHttp2.template! }))
  })
})
