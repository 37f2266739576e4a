import { describe, expect, test } from 'vitest'
import { fileURLToPath } from 'node:url'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { bundledScript } from '#harness/adapters/command/bundled-script.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { agentLogMutants } from '#fixtures/systems/agent-log/mutants/index.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'

// The PLAT-114 contracts, both ways, over stdio with real kill -9: each holds on agent-log/reference in every bundled
// scenario, breaks on the pre-fix log where its list says, and each mutant is caught by the contract made for it.

const serveStdio = fileURLToPath(new URL('../../fixtures/systems/serve-stdio.ts', import.meta.url))
const scenarios = bundledScenarios.filter((s) => s.id.startsWith('regressions/plat-114/'))

async function record(system: string, scenario: string): Promise<AgentLogHistory> {
  const loaded = scenarios.find((s) => s.id.endsWith(`/${scenario}`))!
  const adapter = createStdioAdapter({ name: `${system}@stdio`, command: async () => [process.execPath, await bundledScript(serveStdio, { packages: 'linked' }), system], timeoutMs: 30_000 })
  const pool = new ConnectionPool()
  const { history, failure } = await recordScenario(loaded, adapter, pool)
  await pool.closeAll()
  if (failure) throw failure
  return history as AgentLogHistory
}

const verdicts = (history: AgentLogHistory) => Object.fromEntries(judgeHistory(history).map((o) => [o.id, o.verdict]))

describe('agent-log/reference over stdio (integration)', () => {
  test.for(scenarios.map((s) => s.id.split('/').pop()!))('keeps every agent-log contract in %s', { timeout: 60_000 }, async (name) => {
    for (const outcome of judgeHistory(await record('agent-log/reference', name))) expect(outcome, outcome.id).toMatchObject({ verdict: 'held' })
  })
  test('the restart scenario kills the process: the History names the killed pid and the new one', { timeout: 60_000 }, async () => {
    const history = await record('agent-log/reference', 'restart-reads-rows-back')
    const notes = history.events.flatMap((e) => (e.type === 'note' ? [e] : []))
    const [first, second] = notes.filter((n) => n.what === 'process started').map((n) => (n.value as { pid: number }).pid)
    expect(notes.find((n) => n.what === 'process killed')?.value).toMatchObject({ pid: first, signal: 'SIGKILL' })
    expect(second).toBeGreaterThan(0)
    expect(second).not.toBe(first)
    expect((notes.find((n) => n.what === 'sandbox')?.value as { files: string[] }).files).toContain('workspace/db/db.sqlite')
  })
})

describe('agent-log/plat-114 (the pre-fix log)', () => {
  test('breaks durability/survives-eviction when a reused session evicts the earlier pass', { timeout: 60_000 }, async () => {
    expect(verdicts(await record('agent-log/plat-114', 'session-reused-evicts-ui-events'))).toMatchObject({ 'durability/survives-eviction': 'broken' })
  })
})

describe('each mutant is caught by its contract, over stdio with real kills', () => {
  const where: Record<string, string> = {
    'durability/one-row-per-agent': 'start-then-completion-one-row',
    'durability/best-effort': 'write-failure-is-best-effort',
    'durability/scoped': 'plain-chat-no-workspace',
    'durability/survives-restart': 'restart-reads-rows-back',
    'durability/running-row-visible': 'crash-leaves-running-row',
    'durability/sandboxed': 'near-miss-real-workspace',
  }
  test.for(agentLogMutants)('$name breaks $breaks', { timeout: 60_000 }, async (mutant) => {
    expect(verdicts(await record(mutant.name, where[mutant.breaks]))).toMatchObject({ [mutant.breaks]: 'broken' })
  })
})
