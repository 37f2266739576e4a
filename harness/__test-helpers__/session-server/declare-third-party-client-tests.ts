import { afterAll, describe, expect, test } from 'vitest'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { thirdPartyClients } from '#harness/__test-helpers__/session-server/third-party-clients.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { settleRun } from '#harness/timing/settle-run.ts'
import { inSuitePart, type SuitePart } from '#harness/suite/suite-part.ts'

/**
 * Test helper: declares, in the calling test file, that the example client `name` (examples/clients/) holds every
 * bundled session-client scenario, each run as a user runs one — as a command: adapter against the kit's server. A
 * client that cannot run here fails on CI (which installs what it needs) and is skipped elsewhere, saying why. With
 * `part`, only every n-th scenario from the k-th: a client's scenarios mostly wait on their timelines, so they are split
 * between files that run beside each other.
 */
export function declareThirdPartyClientTests(name: string, part: SuitePart = { k: 1, n: 1 }): void {
  const client = thirdPartyClients().find((c) => c.name === name)
  if (!client) throw new Error(`no example client named ${name}`)
  const scenarios = bundledScenarios.filter((s) => s.scenario.port === 'session-client').filter((_, i) => inSuitePart(part, i))
  const pool = new ConnectionPool()
  afterAll(() => pool.closeAll())

  describe(`${client.name} (${client.stack})`, () => {
    if (!client.template) {
      // Never skipped silently: on CI (which installs the packages) this fails; elsewhere it says why it cannot run.
      if (process.env.CI) test(`${client.name} can run`, () => expect.fail(client.cannotRun))
      else test.skip(`cannot run here: ${client.cannotRun}`, () => {})
      return
    }
    const adapter = createCommandAdapter({ name: `command:${client.name}`, template: client.template })
    test.for(scenarios.map((s) => [s.id, s] as const))('%s: held', { timeout: 120_000 }, async ([, loaded]) => {
      // a run left unknown only because of time (a busy machine) is run again at 2× and 4×, as contract-kit run does
      const outcome = await settleRun((timeScale) => replayScenario(loaded, { adapter, pool, expectations: [], timeScale }), 1)
      const failed = outcome.contracts.filter((c) => c.verdict === 'broken' || (c.exercised && c.verdict !== 'held'))
      expect({ verdict: outcome.verdict, error: outcome.error?.message, failed: failed.map((c) => `${c.id} ${c.verdict}: ${'message' in c ? c.message : 'reason' in c ? c.reason : ''}`) }).toEqual({ verdict: 'held', error: undefined, failed: [] })
    })
  })
}
