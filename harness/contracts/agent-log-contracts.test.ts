import { describe, expect, test } from 'vitest'
import { fileURLToPath } from 'node:url'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { bundledScript } from '#harness/adapters/command/bundled-script.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario, replayScenario } from '#harness/runner/replay-scenario.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { expectationsFor } from '#harness/expectations/expectations-for.ts'
import { agentLogMutants } from '#fixtures/systems/agent-log/mutants/index.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'

// The PLAT-114 contracts, both ways, over stdio with real kill -9: every contract the scenario exercises holds on
// agent-log/reference with its evidence in every bundled scenario (and none breaks), the pre-fix log breaks where its
// list says, and each mutant is caught by the contract made for it. In process, the scenarios that need what a shared
// process cannot show (stderr, a kill, the files it writes) are untestable before anything runs, and none is broken.

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

const verdicts = (history: AgentLogHistory) => Object.fromEntries(judgeHistory(history).contracts.map((o) => [o.id, o.verdict]))

// The cells of agent-log/reference@stdio that are not-applicable (the lead lists them): every other cell is held.
const notApplicable: Record<string, string[]> = {
  'crash-leaves-running-row': ['survives-eviction', 'best-effort', 'scoped'],
  'near-miss-real-workspace': ['running-row-visible', 'survives-eviction', 'survives-restart', 'best-effort', 'scoped'],
  'plain-chat-no-workspace': ['running-row-visible', 'survives-eviction', 'survives-restart', 'best-effort'],
  'restart-reads-rows-back': ['survives-eviction', 'best-effort', 'scoped'],
  'session-reused-evicts-ui-events': ['running-row-visible', 'survives-restart', 'best-effort', 'scoped'],
  'start-then-completion-one-row': ['running-row-visible', 'survives-eviction', 'survives-restart', 'best-effort', 'scoped'],
  'write-failure-is-best-effort': ['one-row-per-agent', 'running-row-visible', 'survives-eviction', 'survives-restart', 'scoped', 'sandboxed'],
}

describe('agent-log/reference over stdio (integration)', () => {
  test.for(scenarios.map((s) => s.id.split('/').pop()!))('%s: every exercised contract held with its evidence, the rest held or not-applicable', { timeout: 60_000 }, async (name) => {
    const judgement = judgeHistory(await record('agent-log/reference', name))
    expect(judgement.verdict).toBe('held')
    for (const outcome of judgement.contracts) {
      const expected = notApplicable[name].includes(outcome.id.split('/')[1]) ? 'not-applicable' : 'held'
      expect(outcome, outcome.id).toMatchObject({ verdict: expected })
      if (outcome.exercised) expect(outcome.verdict, outcome.id).toBe('held')
      if (outcome.verdict === 'held') {
        expect(outcome.evidence, outcome.id).toMatch(/\S/)
        expect(Object.keys(outcome.figures), outcome.id).not.toEqual([])
      }
    }
  })
  test('held evidence names the rows read back, the restart and the control', { timeout: 60_000 }, async () => {
    const evidence = (history: AgentLogHistory, id: string) => judgeHistory(history).contracts.find((c) => c.id === id)
    expect(evidence(await record('agent-log/reference', 'start-then-completion-one-row'), 'durability/one-row-per-agent')).toMatchObject({ evidence: 'reviewer-1: 1 row, status completed' })
    const restart = await record('agent-log/reference', 'crash-leaves-running-row')
    expect(evidence(restart, 'durability/survives-restart')).toMatchObject({ evidence: expect.stringMatching(/^fixer-2: 1 row, status running, read back by process \d+ after process \d+ was killed \(SIGKILL\)$/) })
    const chat = await record('agent-log/reference', 'plain-chat-no-workspace')
    expect(evidence(chat, 'durability/scoped')).toMatchObject({
      evidence: expect.stringContaining("left no file in the sandbox (listed at step 2); the same process, then given a workspace, wrote gate-5's row (status completed)"),
      figures: expect.objectContaining({ chatCalls: 2, filesWithoutWorkspace: 0, controlStep: 6 }),
    })
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
  test('a reused session evicts the earlier pass: survives-eviction and one-row-per-agent break, as its list expects', { timeout: 60_000 }, async () => {
    const history = await record('agent-log/plat-114', 'session-reused-evicts-ui-events')
    expect(verdicts(history)).toMatchObject({ 'durability/survives-eviction': 'broken', 'durability/one-row-per-agent': 'broken' })
    expect(judgeHistory(history, expectationsFor('agent-log/plat-114@stdio')).verdict).toBe('expected-broken')
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
    const history = await record(mutant.name, where[mutant.breaks])
    expect(verdicts(history)).toMatchObject({ [mutant.breaks]: 'broken' })
    expect(judgeHistory(history).verdict).toBe('broken')
  })
})

describe('agent-log/reference in process', () => {
  test('the scenarios that need stderr, a kill or its files are untestable before anything runs; the others are judged; none is broken', { timeout: 60_000 }, async () => {
    const adapter = resolveAdapter('agent-log/reference')
    const pool = new ConnectionPool()
    const outcomes = []
    for (const loaded of scenarios) outcomes.push(await replayScenario(loaded, { adapter, pool, expectations: [] }))
    await pool.closeAll()
    const byName = Object.fromEntries(outcomes.map((o) => [o.scenario.split('/').pop()!, o]))
    expect(Object.fromEntries(Object.entries(byName).map(([name, o]) => [name, o.verdict]))).toEqual({
      'crash-leaves-running-row': 'untestable',
      'near-miss-real-workspace': 'untestable',
      'plain-chat-no-workspace': 'untestable',
      'restart-reads-rows-back': 'untestable',
      'session-reused-evicts-ui-events': 'held',
      'start-then-completion-one-row': 'held',
      'write-failure-is-best-effort': 'untestable',
    })
    expect(byName['crash-leaves-running-row'].error?.message).toMatch(/\(kill-restart\)/)
    expect(byName['near-miss-real-workspace'].error?.message).toMatch(/\(files\)/)
    expect(byName['plain-chat-no-workspace'].error?.message).toMatch(/\(files\)/)
    expect(byName['write-failure-is-best-effort'].error?.message).toMatch(/\(stderr\)/)
    for (const outcome of outcomes) {
      expect(outcome.contracts.filter((c) => c.verdict === 'broken'), outcome.scenario).toEqual([])
      if (outcome.verdict === 'untestable') expect(outcome.contracts.filter((c) => c.verdict !== 'unknown'), outcome.scenario).toEqual([])
    }
    // the files of an in-process system are not observed: sandboxed is not-applicable there, never held on a guess
    expect(byName['start-then-completion-one-row'].contracts.find((c) => c.id === 'durability/sandboxed')).toMatchObject({ verdict: 'not-applicable' })
  })
})
