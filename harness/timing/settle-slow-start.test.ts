import { afterAll, describe, expect, test } from 'vitest'
import { setTimeout as delay } from 'node:timers/promises'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createReferenceSessionClient } from '#fixtures/systems/session-client/reference.ts'
import { createDep8516SessionClient } from '#fixtures/systems/session-client/dep-8516.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { settleRun } from '#harness/timing/settle-run.ts'
import type { SessionClientPort } from '#harness/ports/session-client-port.ts'

// A real run, both ways — the field failure of issue 22: the pre-fix DEP-8516 client, slow to start (it begins its own
// clock only once started, as a CLI does, here a fixed while after the kit starts it), never reads the cut reply; at
// scale 1 its first request came after the deadline the kit gave it, so whether it would have read cannot be told
// (`unknown` because of time: `error`), and the run is settled by running it again at a larger scale, where the same
// fixed start leaves it room and the contract breaks as its known-failing list expects. A client that starts at once
// is decided on its first attempt: nothing is run again.

const loaded = bundledScenarios.find((s) => s.id === 'regressions/dep-8516/read-outlasts-timeout')!
const deadlineMs = (loaded.scenario.given as { timeoutMs: number }).timeoutMs
const pool = new ConnectionPool()
afterAll(() => pool.closeAll())

/** A client started `startMs` after the kit asked it to run (a start-up the kit cannot see). */
function slowStarting(client: SessionClientPort, startMs: number): SessionClientPort {
  return { run: async (request) => (await delay(startMs), client.run(request)) }
}

const adapterOf = (name: string, client: () => SessionClientPort, startMs: number) =>
  createInProcessAdapter({ name, create: () => ({ name, ports: { 'session-client': slowStarting(client(), startMs) } }), timeoutMs: 120_000 })
await loadShippedSystems(['session-client'])
const preFixList = expectationsFor('session-client/dep-8516')

describe('a run inconclusive because of time is settled by running it again at a larger scale', () => {
  test('a client that starts after its deadline: unknown because of time at scale 1, decided at a larger scale, every attempt kept', { timeout: 120_000 }, async () => {
    const adapter = adapterOf('slow-start', createDep8516SessionClient, deadlineMs + 100)
    const outcome = await settleRun((timeScale) => replayScenario(loaded, { adapter, pool, expectations: preFixList, timeScale }), 1)
    expect(outcome.settling?.length ?? 1, JSON.stringify([outcome.verdict, outcome.error])).toBeGreaterThanOrEqual(2)
    const [first] = outcome.settling!
    expect(first).toMatchObject({ attempt: 1, timeScale: 1, verdict: 'error' })
    expect(first!.reason).toMatch(/recovery\/transient-read-retried is exercised by this scenario but came back unknown: the client never read m-2, but the first frame showing m-2 was written .* after the client was started/)
    expect(first!.history?.timeScale).toBe(1)
    expect(outcome.verdict).toBe('expected-broken')
    expect(outcome.contracts.find((c) => c.id === 'recovery/transient-read-retried')).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/never read message m-2/) })
    expect(outcome.timeScale).toBe(outcome.settling!.at(-1)!.timeScale)
    expect(outcome.settling!.map((a) => a.timeScale)).toEqual([1, 2, 4].slice(0, outcome.settling!.length))
  })

  test.for([
    ['the pre-fix client', createDep8516SessionClient, preFixList, 'expected-broken'],
    ['the reference client', createReferenceSessionClient, [], 'held'],
  ] as const)('%s starting at once is decided on its first attempt: nothing is run again', { timeout: 60_000 }, async ([, client, expectations, verdict]) => {
    const adapter = adapterOf('prompt', client, 0)
    const outcome = await settleRun((timeScale) => replayScenario(loaded, { adapter, pool, expectations, timeScale }), 1)
    expect(outcome.verdict).toBe(verdict)
    expect(outcome).not.toHaveProperty('settling')
  })
})
