import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordOver } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { agentLogMutants } from '#fixtures/systems/agent-log/mutants/index.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// The PLAT-114 contracts broken over stdio with real kill -9: each mutant is caught by the contract made for it (a
// process each: the contracts judge what a process leaves on disk, and its stderr, across kills). In process, the
// scenarios that need what a shared process cannot show (stderr, a kill, the files it writes) are untestable before
// anything runs, and none is broken. That the references hold every contract with its evidence, over stdio, is
// agent-log-contracts.after-suites.test.ts: it judges the runs the agent-log suite made.

const scenarios = bundledScenarios.filter((s) => s.scenario.port === 'agent-log')
const name = (id: string) => id.replace(/^regressions\/plat-114\//, '')

const record = async (adapter: Adapter, scenario: string) => (await recordOver(adapter, scenarios.find((s) => name(s.id) === scenario)!)) as AgentLogHistory

const verdicts = (history: AgentLogHistory) => Object.fromEntries(judgeHistory(history).contracts.map((o) => [o.id, o.verdict]))

describe('each mutant is caught by its contract, over stdio with real kills', () => {
  test.for(agentLogMutants)('$name breaks $breaks ($shownBy)', { timeout: 60_000 }, async (mutant) => {
    const history = await record(mutantAdapter(mutant.name), name(mutant.shownBy))
    expect(verdicts(history)).toMatchObject({ [mutant.breaks]: 'broken' })
    expect(judgeHistory(history).verdict).toBe('broken')
    expect(bundledScenarios.find((s) => s.id === mutant.shownBy)?.exercises).toContain(mutant.breaks)
  })
})

describe('agent-log/reference in process', () => {
  test('the scenarios that need stderr, a kill or its files are untestable before anything runs; the others are judged; none is broken', { timeout: 60_000 }, async () => {
    const adapter = resolveAdapter('agent-log/reference')
    const pool = new ConnectionPool()
    const outcomes = []
    for (const loaded of scenarios) outcomes.push(await replayScenario(loaded, { adapter, pool, expectations: [] }))
    await pool.closeAll()
    const byName = Object.fromEntries(outcomes.map((o) => [name(o.scenario), o]))
    expect(Object.fromEntries(Object.entries(byName).map(([scenario, o]) => [scenario, o.verdict]))).toEqual({
      'agent-log/chat-session-after-workspace': 'untestable',
      'agent-log/clean-restart-reads-rows-back': 'untestable',
      'agent-log/completion-without-start': 'held',
      'agent-log/interleaved-sessions': 'held',
      'agent-log/long-session-by-operations': 'untestable',
      'agent-log/mixed-case-orphans': 'held',
      'agent-log/read-before-any-write': 'untestable',
      'agent-log/record-keeps-every-field': 'held',
      'agent-log/records-oldest-first': 'held',
      'agent-log/records-past-a-small-cap': 'held',
      'agent-log/rerun-gets-a-new-started-at': 'untestable',
      'agent-log/store-unreadable-after-restart': 'untestable',
      'agent-log/write-after-corrupt': 'untestable',
      'crash-leaves-running-row': 'untestable',
      'near-miss-real-workspace': 'untestable',
      'plain-chat-no-workspace': 'untestable',
      'restart-reads-rows-back': 'untestable',
      'session-reused-evicts-ui-events': 'held',
      'start-then-completion-one-row': 'held',
      'write-failure-is-best-effort': 'untestable',
    })
    expect(byName['crash-leaves-running-row'].error?.message).toMatch(/\(kill-restart\)/)
    expect(byName['agent-log/store-unreadable-after-restart'].error?.message).toMatch(/\(kill-restart\)/)
    expect(byName['near-miss-real-workspace'].error?.message).toMatch(/\(files\)/)
    expect(byName['plain-chat-no-workspace'].error?.message).toMatch(/\(files\)/)
    expect(byName['agent-log/read-before-any-write'].error?.message).toMatch(/\(files\)/)
    expect(byName['agent-log/chat-session-after-workspace'].error?.message).toMatch(/\(files\)/)
    expect(byName['write-failure-is-best-effort'].error?.message).toMatch(/\(stderr\)/)
    for (const outcome of outcomes) {
      expect(outcome.contracts.filter((c) => c.verdict === 'broken'), outcome.scenario).toEqual([])
      if (outcome.verdict === 'untestable') expect(outcome.contracts.filter((c) => c.verdict !== 'unknown'), outcome.scenario).toEqual([])
    }
    // the files of an in-process system are not observed: sandboxed is not-applicable there, never held on a guess
    expect(byName['start-then-completion-one-row'].contracts.find((c) => c.id === 'durability/sandboxed')).toMatchObject({ verdict: 'not-applicable' })
  })
})
