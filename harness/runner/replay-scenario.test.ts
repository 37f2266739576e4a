import { afterAll, describe, expect, test } from 'vitest'
import { join } from 'node:path'
import type { Adapter, Connection } from '#harness/adapters/adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import { loadScenarioFile } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'

await loadShippedSystems()
const pool = new ConnectionPool()
afterAll(() => pool.closeAll())

describe('recordScenario', () => {
  test('tells the shared connection where each scenario begins, before driving it (per-scenario bounds count from there)', async () => {
    const reference = resolveAdapter('pager/reference')
    const seen: string[] = []
    const adapter: Adapter = {
      ...reference,
      async open(options) {
        const connection = await reference.open(options)
        const pager = connection.port('pager')
        const watched: PagerPort = { ...pager, setup: (request) => (seen.push('pager.setup'), pager.setup(request)) }
        return { ...connection, system: connection.system, observes: connection.observes, port: (() => watched) as Connection['port'], beginScenario: () => void seen.push('begin') }
      },
    }
    const loaded = await loadScenarioFile(join(scenarioRoot, 'regressions/analysis-result-budget/six-turns.yaml'), scenarioRoot)
    await recordScenario(loaded, adapter, pool)
    await recordScenario(loaded, adapter, pool)
    expect(seen).toEqual(['begin', 'pager.setup', 'begin', 'pager.setup'])
  })
})
