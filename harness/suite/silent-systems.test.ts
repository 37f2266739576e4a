import { afterAll, describe, expect, test } from 'vitest'
import { fileURLToPath } from 'node:url'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { bundledScript } from '#harness/adapters/command/bundled-script.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { silentSystemName, silentSystems } from '#fixtures/systems/silent/silent-systems.ts'
import type { SilentKind } from '#fixtures/systems/silent/silent-systems.ts'

// A standing test of "held is a claim of evidence": implementations that do nothing useful — every call answered with
// an error, the emptiest well-formed answers, a crash at setup, a client that prints nothing — must never be `held` on
// any bundled scenario of their port, in process or over their process transport.

const serveStdio = fileURLToPath(new URL('../../fixtures/systems/serve-stdio.ts', import.meta.url))
const crashesAtSetup = fileURLToPath(new URL('../../fixtures/systems/silent/crashes-at-setup.mjs', import.meta.url))
const kinds: SilentKind[] = ['errors', 'empty']
const stdioPorts: PortName[] = ['pager', 'tool-output', 'agent-log']
const ports: PortName[] = ['pager', 'session-client', 'snapshotter', 'tool-output', 'agent-log']

const inProcess = (port: PortName, kind: SilentKind): Adapter => {
  const name = silentSystemName(port, kind)
  return createInProcessAdapter({ name, create: silentSystems[name], timeoutMs: 60_000 })
}
const overStdio = (port: PortName, kind: SilentKind): Adapter => {
  const name = silentSystemName(port, kind)
  return createStdioAdapter({ name: `${name}@stdio`, command: async () => [process.execPath, await bundledScript(serveStdio, { packages: 'linked' }), name], timeoutMs: 30_000 })
}

const silent: Array<{ port: PortName; adapter: Adapter }> = [
  ...ports.flatMap((port) => kinds.map((kind) => ({ port, adapter: inProcess(port, kind) }))),
  ...stdioPorts.flatMap((port) => kinds.map((kind) => ({ port, adapter: overStdio(port, kind) }))),
  ...stdioPorts.map((port) => ({ port, adapter: createStdioAdapter({ name: `crashes-at-setup ${port}`, command: [process.execPath, crashesAtSetup, port], timeoutMs: 30_000 }) })),
  { port: 'session-client' as const, adapter: createCommandAdapter({ name: 'command:true', template: ['true'] }) },
  { port: 'session-client' as const, adapter: createCommandAdapter({ name: 'command:false', template: ['false'] }) },
]

const pool = new ConnectionPool()
afterAll(async () => {
  await pool.closeAll()
  await closeKitSnapshotter()
})

describe('silent implementations are never held', () => {
  test.for(silent.map((s) => [s.adapter.name, s] as const))('%s: no run held on any bundled scenario of its port', { timeout: 300_000 }, async ([, { port, adapter }]) => {
    const scenarios = bundledScenarios.filter((s) => s.scenario.port === port)
    expect(scenarios.length).toBeGreaterThan(0)
    const verdicts: Record<string, string> = {}
    for (const loaded of scenarios) {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
      verdicts[loaded.id] = outcome.verdict
      if (outcome.history?.failure) {
        // a run the adapter stopped (or that could not run here) judges nothing: no contract held, none broken
        expect(outcome.contracts.filter((c) => c.verdict === 'held' || c.verdict === 'broken'), `${loaded.id}`).toEqual([])
      }
    }
    expect(Object.entries(verdicts).filter(([, verdict]) => verdict === 'held' || verdict === 'expected-broken')).toEqual([])
  })
})
