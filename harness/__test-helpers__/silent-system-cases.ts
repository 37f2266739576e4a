import type { ExpectStatic } from 'vitest'
import { fileURLToPath } from 'node:url'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { compiledStdioAdapter } from '#harness/__test-helpers__/compiled-stdio-adapter.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { silentSystemName, silentSystems } from '#fixtures/systems/silent/silent-systems.ts'
import type { SilentKind } from '#fixtures/systems/silent/silent-systems.ts'

/** One implementation that does nothing useful, and the port whose bundled scenarios it is replayed on. */
export interface SilentCase {
  port: PortName
  adapter: Adapter
}

const crashesAtSetup = fileURLToPath(new URL('../../fixtures/systems/silent/crashes-at-setup.mjs', import.meta.url))
const kinds: SilentKind[] = ['errors', 'empty']
const stdioPorts: readonly PortName[] = ['pager', 'tool-output', 'agent-log']

/**
 * Test helper: the silent implementations of one port — its `errors` and `empty` systems in process; over stdio for a
 * port with a stdio transport (served by the compiled kit, as `contract-kit run --adapter <system>@stdio` serves them),
 * with a program that crashes at its first port call beside them; and for the session client, the commands `true` and
 * `false` (a client that prints nothing). The silent-systems test files split the ports between them.
 */
export function silentCasesOf(port: PortName): SilentCase[] {
  const cases: SilentCase[] = kinds.map((kind) => {
    const name = silentSystemName(port, kind)
    return { port, adapter: createInProcessAdapter({ name, create: silentSystems[name], timeoutMs: 60_000 }) }
  })
  if (stdioPorts.includes(port)) {
    cases.push(...kinds.map((kind) => ({ port, adapter: compiledStdioAdapter(silentSystemName(port, kind)) })))
    cases.push({ port, adapter: createStdioAdapter({ name: `crashes-at-setup ${port}`, command: [process.execPath, crashesAtSetup, port], timeoutMs: 30_000 }) })
  }
  if (port === 'session-client') {
    cases.push({ port, adapter: createCommandAdapter({ name: 'command:true', template: ['true'] }) })
    cases.push({ port, adapter: createCommandAdapter({ name: 'command:false', template: ['false'] }) })
  }
  return cases
}

/**
 * Test helper: replays every bundled scenario of the case's port against it and expects no run `held` (nor
 * `expected-broken`), and a run the adapter stopped to judge nothing. Its connection is its own, closed at the end:
 * a stdio process left open would keep the kit's /proc sampler reading every 100 ms for the rest of the file.
 */
export async function expectNeverHeld({ port, adapter }: SilentCase, expect: ExpectStatic): Promise<void> {
  const scenarios = bundledScenarios.filter((s) => s.scenario.port === port)
  expect(scenarios.length).toBeGreaterThan(0)
  const pool = new ConnectionPool()
  const verdicts: Record<string, string> = {}
  try {
    for (const loaded of scenarios) {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
      verdicts[loaded.id] = outcome.verdict
      if (outcome.history?.failure) {
        // a run the adapter stopped (or that could not run here) judges nothing: no contract held, none broken
        expect(outcome.contracts.filter((c) => c.verdict === 'held' || c.verdict === 'broken'), `${loaded.id}`).toEqual([])
      }
    }
  } finally {
    await pool.closeAll()
  }
  expect(Object.entries(verdicts).filter(([, verdict]) => verdict === 'held' || verdict === 'expected-broken')).toEqual([])
}
