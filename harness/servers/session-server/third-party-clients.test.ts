import { afterAll, describe, expect, test } from 'vitest'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { thirdPartyClients } from '#harness/__test-helpers__/session-server/third-party-clients.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'

// Correct session clients written from docs/session-client-port.md and docs/session-protocol.md alone, on three
// HTTP/2 stacks the kit did not write (examples/clients/), hold every bundled session-client scenario, each run as a
// user runs one: as a command: adapter against the kit's server. The GOAWAY faults are sent as real servers send them
// (RFC 9113 §6.8, §8.7), so a stack that replays a refused stream, or drops the connection at any GOAWAY (undici 7,
// httpcore 0.16), is not called broken for it.

const scenarios = bundledScenarios.filter((s) => s.scenario.port === 'session-client')
const pool = new ConnectionPool()
afterAll(() => pool.closeAll())

for (const client of thirdPartyClients()) {
  describe(`${client.name} (${client.stack})`, () => {
    if (!client.template) {
      // Never skipped silently: on CI (which installs the packages) this fails; elsewhere it says why it cannot run.
      if (process.env.CI) test(`${client.name} can run`, () => expect.fail(client.cannotRun))
      else test.skip(`cannot run here: ${client.cannotRun}`, () => {})
      return
    }
    const adapter = createCommandAdapter({ name: `command:${client.name}`, template: client.template })
    test.for(scenarios.map((s) => [s.id, s] as const))('%s: held', { timeout: 60_000 }, async ([, loaded]) => {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
      const failed = outcome.contracts.filter((c) => c.verdict === 'broken' || (c.exercised && c.verdict !== 'held'))
      expect({ verdict: outcome.verdict, error: outcome.error?.message, failed: failed.map((c) => `${c.id} ${c.verdict}: ${'message' in c ? c.message : 'reason' in c ? c.reason : ''}`) }).toEqual({ verdict: 'held', error: undefined, failed: [] })
    })
  })
}
