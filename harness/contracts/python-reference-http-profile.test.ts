import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { portVerdicts } from '#harness/__test-helpers__/port-verdicts.ts'
import { resolvePlanAdapter } from '#harness/adapters/index.ts'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { planAdapterOfProfile } from '#harness/profiles/plan-adapter-of-profile.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

// The Python reference of examples/python/ served over HTTP as the kit starts it from a profile (transport: http,
// url: stdout): the kit owns the process, so it can kill and restart it, and every agent-log scenario holds. Its
// scenarios are split in three parts, each with its own pool (a service of its own), run side by side: each run starts,
// kills and restarts Python processes, and most of the time is spent waiting on them.

const profile = loadProfile(fileURLToPath(new URL('../../examples/python/profile-http.yaml', import.meta.url)))
const ids = (await loadScenarios(scenarioRoot)).filter((s) => s.scenario.port === 'agent-log').map((s) => s.id)

describe.concurrent('the Python reference over HTTP, started by the kit from examples/python/profile-http.yaml', () => {
  test('it has every bundled agent-log scenario to run', () => {
    expect(ids).toHaveLength(20)
  })

  test.for([0, 1, 2])('part %i of 3: every agent-log scenario held, kills and restarts included', { timeout: 120_000 }, async (part) => {
    const other = ids.filter((_, i) => i % 3 !== part)
    const started = new ConnectionPool()
    try {
      const verdicts = await portVerdicts(resolvePlanAdapter(planAdapterOfProfile(profile)), 'agent-log', started, other)
      expect(Object.keys(verdicts)).toHaveLength(part === 2 ? 6 : 7)
      expect(verdicts).toEqual(Object.fromEntries(Object.keys(verdicts).map((id) => [id, 'held'])))
    } finally {
      await started.closeAll()
    }
  })
})
