import { describe, expect, test } from 'vitest'
import { createAgentLog } from '#fixtures/systems/agent-log/create-agent-log.ts'
import type { AgentLogPort } from '#harness/ports/agent-log-port.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import { historyFormat } from '#harness/history/history.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import { scenarioNeeds } from '#harness/runner/replay-scenario.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { agentLogScenarioSchema } from '#harness/scenario/agent-log-scenario-schema.ts'
import { driveAgentLog, withoutNotes } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'
import type { AgentLogScenarioInput } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'

// The four results of the PLAT-114 contracts on Histories recorded in process with the real driver (a connection
// that claims what a process would let the kit observe): held only on rows, files and calls actually seen;
// not-applicable where the scenario gives a contract nothing to judge; unknown where evidence is missing.

const plat114 = bundledScenarios.filter((s) => s.scenario.port === 'agent-log')
const short = (id: string) => id.replace(/^(regressions\/plat-114|agent-log)\//, '')
const result = (history: AgentLogHistory, id: string) => judgeHistory(history).contracts.find((c) => c.id === `durability/${id}`)!
const empty = (): AgentLogPort => ({ setup: async () => {}, agentStarted: async () => {}, agentCompleted: async () => {}, uiActivity: async () => {}, records: async () => [] })
const noRecords = (): AgentLogPort => ({ ...createAgentLog(), records: async () => Promise.reject(new Error('records: the store is locked')) })

const oneRow: AgentLogScenarioInput = { steps: [{ start: { agent: 'a-1' } }, { complete: { agent: 'a-1' } }, 'check'] }
const chat = (control: boolean): AgentLogScenarioInput => ({
  given: { workspace: 'none' },
  steps: [{ start: { agent: 'chat-1' } }, { complete: { agent: 'chat-1' } }, 'check', ...(control ? [{ setup: { workspace: 'sandboxed' as const } }, { start: { agent: 'gate-9' } }, { complete: { agent: 'gate-9' } }, 'check' as const] : [])],
})

describe('what each bundled scenario exercises and needs, from the scenario alone', () => {
  test('exercises', () => {
    expect(Object.fromEntries(plat114.map((s) => [short(s.id), s.exercises.map((id) => id.split('/')[1])]))).toEqual({
      'chat-session-after-workspace': ['one-row-per-agent', 'running-row-visible', 'scoped', 'record-faithful', 'survives-reuse'],
      'clean-restart-reads-rows-back': ['one-row-per-agent', 'running-row-visible', 'survives-restart', 'record-faithful'],
      'completion-without-start': ['one-row-per-agent', 'record-faithful'],
      'interleaved-sessions': ['one-row-per-agent', 'running-row-visible', 'record-faithful', 'survives-reuse', 'sessions-apart'],
      'long-session-by-operations': ['one-row-per-agent', 'running-row-visible', 'survives-eviction', 'survives-restart', 'survives-reuse', 'record-faithful', 'sessions-apart', 'records-ordered', 'sandboxed'],
      'mixed-case-orphans': ['records-ordered', 'one-row-per-agent', 'record-faithful'],
      'read-before-any-write': ['one-row-per-agent', 'scoped', 'record-faithful'],
      'record-keeps-every-field': ['one-row-per-agent', 'running-row-visible', 'record-faithful'],
      'records-oldest-first': ['records-ordered', 'one-row-per-agent', 'record-faithful'],
      'records-past-a-small-cap': ['one-row-per-agent', 'running-row-visible', 'survives-eviction', 'record-faithful'],
      'rerun-gets-a-new-started-at': ['one-row-per-agent', 'running-row-visible', 'record-faithful'],
      'crash-leaves-running-row': ['running-row-visible', 'survives-restart', 'record-faithful'],
      'near-miss-real-workspace': ['sandboxed', 'one-row-per-agent'],
      'plain-chat-no-workspace': ['one-row-per-agent', 'scoped', 'record-faithful'],
      'restart-reads-rows-back': ['one-row-per-agent', 'running-row-visible', 'survives-restart', 'record-faithful'],
      'session-reused-evicts-ui-events': ['one-row-per-agent', 'survives-eviction', 'record-faithful', 'survives-reuse'],
      'start-then-completion-one-row': ['one-row-per-agent', 'record-faithful'],
      'store-unreadable-after-restart': ['one-row-per-agent', 'running-row-visible', 'best-effort', 'record-faithful'],
      'write-after-corrupt': ['one-row-per-agent', 'best-effort', 'record-faithful'],
      'write-failure-is-best-effort': ['best-effort'],
    })
  })
  test('needs: a kill for the kill scenarios, files for the workspace ones, stderr for the unwritable store', () => {
    expect(Object.fromEntries(plat114.map((s) => [short(s.id), scenarioNeeds(s).sort()]))).toEqual({
      'chat-session-after-workspace': ['files'],
      'clean-restart-reads-rows-back': ['kill-restart', 'pid'],
      'completion-without-start': [],
      'interleaved-sessions': [],
      'long-session-by-operations': ['files', 'kill-restart', 'pid'],
      'mixed-case-orphans': [],
      'read-before-any-write': ['files'],
      'record-keeps-every-field': [],
      'records-oldest-first': [],
      'records-past-a-small-cap': [],
      'rerun-gets-a-new-started-at': ['kill-restart', 'pid'],
      'crash-leaves-running-row': ['kill-restart', 'pid'],
      'near-miss-real-workspace': ['files'],
      'plain-chat-no-workspace': ['files'],
      'restart-reads-rows-back': ['kill-restart', 'pid'],
      'session-reused-evicts-ui-events': [],
      'start-then-completion-one-row': [],
      'store-unreadable-after-restart': ['kill-restart', 'pid'],
      'write-after-corrupt': ['kill-restart', 'pid'],
      'write-failure-is-best-effort': ['stderr'],
    })
  })
  test('a chat session without a control exercises nothing: naming scoped there is refused, with the reason', () => {
    const scenario = agentLogScenarioSchema.parse({ title: 't', port: 'agent-log', ...chat(false), contracts: ['durability/scoped'] })
    expect(exercisedContracts(scenario)).toMatchObject({ ok: false, path: ['contracts', 0], message: expect.stringMatching(/durability\/scoped is not exercised by this scenario: no control/) })
    const derived = agentLogScenarioSchema.parse({ title: 't', port: 'agent-log', ...chat(false) })
    expect(exercisedContracts(derived)).toMatchObject({ ok: false, message: expect.stringContaining('this scenario exercises no contract') })
  })
})

describe('held only on what was seen', () => {
  test('one-row-per-agent names the rows read back; zero rows for a started agent is broken, not held', async () => {
    expect(result(await driveAgentLog(oneRow, createAgentLog), 'one-row-per-agent')).toMatchObject({ verdict: 'held', evidence: 'a-1: 1 row, status completed', figures: { checks: 1 } })
    expect(result(await driveAgentLog(oneRow, empty), 'one-row-per-agent')).toMatchObject({ verdict: 'broken', witness: { agentId: 'a-1', rows: 0, step: 2 } })
  })
  test('a check whose records were not answered is unknown for every row contract, never held', async () => {
    const history = await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, { activity: 300 }, 'check'] }, noRecords)
    for (const id of ['one-row-per-agent', 'running-row-visible', 'survives-eviction']) expect(result(history, id), id).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('got no records back') })
  })
  test('scoped: held beside its control; with an empty log the control is missing, so unknown', async () => {
    const history = await driveAgentLog(chat(true), createAgentLog)
    expect(result(history, 'scoped')).toMatchObject({ verdict: 'held', figures: { chatCalls: 2, listedAt: [2], filesWithoutWorkspace: 0, controlStep: 6 } })
    expect(result(await driveAgentLog(chat(true), empty), 'scoped')).toMatchObject({ verdict: 'unknown', reason: expect.stringMatching(/^no control: .* no row for gate-9/) })
    expect(result(await driveAgentLog(chat(false), createAgentLog), 'scoped')).toMatchObject({ verdict: 'unknown', reason: expect.stringMatching(/^no control/) })
  })
  test('scoped: a file in the sandbox while there is no workspace is broken; no listing is unknown', async () => {
    const history = await driveAgentLog(chat(true), createAgentLog)
    const withFile: AgentLogHistory = {
      ...history,
      events: history.events.map((e) => (e.type === 'note' && e.what === 'sandbox at check' && (e.value as { step: number }).step === 2 ? { ...e, value: { step: 2, files: ['blocker', 'workspace/', 'db/', 'db/db.sqlite'] } } : e)),
    }
    expect(result(withFile, 'scoped')).toMatchObject({ verdict: 'broken', witness: { files: ['db/db.sqlite', 'db/'], step: 2 } })
    expect(result(withoutNotes(history, 'sandbox at check'), 'scoped')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('never listed') })
  })
  test('sandboxed: a missing sandbox note is unknown, never "untouched"; a changed decoy is broken; an empty log is unknown', async () => {
    const history = await driveAgentLog(oneRow, createAgentLog)
    expect(result(history, 'sandboxed')).toMatchObject({ verdict: 'held', figures: { writes: 2, decoyFiles: 2, decoyChanged: 0 } })
    expect(result(withoutNotes(history, 'sandbox'), 'sandboxed')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no note on the sandbox') })
    const changed: AgentLogHistory = { ...history, events: history.events.map((e) => (e.type === 'note' && e.what === 'sandbox' ? { ...e, value: { ...(e.value as object), decoyUntouched: false, decoyChanged: ['db/db.sqlite'] } } : e)) }
    expect(result(changed, 'sandboxed')).toMatchObject({ verdict: 'broken', witness: { decoyUntouched: false, changed: ['db/db.sqlite'] } })
    expect(result(await driveAgentLog(oneRow, empty), 'sandboxed')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('wrote no file inside its sandbox') })
  })
  test('best-effort: held on calls answered and a stderr line; not-applicable when stderr is not observed; broken when silent', async () => {
    const unwritable: AgentLogScenarioInput = { ...oneRow, given: { store: 'unwritable' } }
    const said = await driveAgentLog(unwritable, createAgentLog)
    expect(result(said, 'best-effort')).toMatchObject({ verdict: 'held', figures: { answered: 2, calls: 2, stderrLines: 2, firstLine: expect.stringMatching(/^agent-log: write failed: ENOTDIR/) } })
    expect(result(await driveAgentLog(unwritable, createAgentLog, { stderr: '' }), 'best-effort')).toMatchObject({ verdict: 'broken', witness: { store: 'unwritable', stderr: '' } })
    expect(result(await driveAgentLog(unwritable, createAgentLog, { observes: ['files'] }), 'best-effort')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('cannot observe stderr') })
  })
  test('best-effort: a stderr longer than the kit keeps counts the reports it kept, and is unknown, never broken, when they are fewer than the writes', async () => {
    const unwritable: AgentLogScenarioInput = { ...oneRow, given: { store: 'unwritable' } }
    const tail = (lines: number) => `[… 70,000 earlier bytes of stderr dropped]\n${'agent-log: write failed: ENOTDIR\n'.repeat(lines)}`
    expect(result(await driveAgentLog(unwritable, createAgentLog, { stderr: tail(2) }), 'best-effort')).toMatchObject({ verdict: 'held', figures: { stderrLines: 2 } })
    expect(result(await driveAgentLog(unwritable, createAgentLog, { stderr: tail(1) }), 'best-effort')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('outgrew what the kit keeps of it (… 70,000 earlier bytes of stderr dropped)') })
  })
  test('best-effort: an error answered to a start breaks it in any scenario, even where it is not exercised', async () => {
    const failing = (): AgentLogPort => ({ ...empty(), agentStarted: async () => Promise.reject(new Error('disk full')) })
    expect(result(await driveAgentLog(oneRow, failing), 'best-effort')).toMatchObject({ verdict: 'broken', witness: { failed: [{ f: 'agent-log.agentStarted', agentId: 'a-1', step: 0 }] } })
  })
})

describe('not-applicable where the scenario gives a contract nothing to judge', () => {
  test('each with its reason, on a plain start and completion', async () => {
    const history = await driveAgentLog(oneRow, createAgentLog)
    expect(result(history, 'running-row-visible')).toMatchObject({ verdict: 'not-applicable', reason: 'no agent is still running at a check of a writable workspace' })
    expect(result(history, 'survives-eviction')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('UI-event cap (200)') })
    expect(result(history, 'survives-restart')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('no kill or restart') })
    expect(result(history, 'best-effort')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('the store is writable') })
    expect(result(history, 'scoped')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('every session has a workspace') })
  })
  test('a non-exercised contract whose observation is missing: sandboxed without files observed', async () => {
    expect(result(await driveAgentLog(oneRow, createAgentLog, { observes: [] }), 'sandboxed')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('cannot observe the files') })
  })
  test('a restart in process is a new instance on the same store: survives-restart holds on the row it read back', async () => {
    const history = await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, 'restart', 'check'] }, createAgentLog)
    expect(result(history, 'survives-restart')).toMatchObject({ verdict: 'held', evidence: 'a-1: 1 row, status running, read back by a new instance after the first was stopped' })
  })
})

describe('never held on nothing', () => {
  const bare: AgentLogHistory = {
    format: historyFormat,
    port: 'agent-log',
    scenario: 'unit/empty',
    adapter: 'unit',
    system: null,
    fixture: null,
    exercises: [],
    observes: [],
    expectations: [],
    given: { workspace: 'sandboxed', store: 'writable', uiEventCap: 200 },
    oracle: { sessionId: 's', steps: [{ start: { agent: 'a-1', name: 'agent', kind: 'background', parent: '' } }, 'check'] },
    events: [],
    stderr: '',
  }
  test.for(contractsOfPort('agent-log').map((c) => c.id))('%s on a History with no events, and on one whose adapter failed', (id) => {
    const [, name] = id.split('/')
    expect(result(bare, name).verdict).not.toBe('held')
    expect(result({ ...bare, failure: { failure: 'crashed', message: 'exited 70' } }, name).verdict).toBe('unknown')
  })
})

describe('a run of many agents keeps its results small', () => {
  test('record-faithful names eight agents and counts the rest; one-row-per-agent lists 100 rows and counts them all', async () => {
    const agents = Array.from({ length: 150 }, (_, i) => `a-${i + 1}`)
    const history = await driveAgentLog({ steps: [...agents.flatMap((agent) => [{ start: { agent } }, { complete: { agent } }]), 'check'] }, createAgentLog)
    const faithful = result(history, 'record-faithful')
    expect(faithful).toMatchObject({ verdict: 'held', figures: { records: 150, agents: 150 } })
    expect(faithful.verdict === 'held' && faithful.evidence).toMatch(/^150 records at 1 check hold all 11 fields as the steps said \(a-1 completed, .*a-8 completed, and 142 more agents\); 300 stamps each within its call's time on the kit's clock \(margin up to \d+ ms\)$/)
    const rows = result(history, 'one-row-per-agent')
    expect(rows).toMatchObject({ verdict: 'held', evidence: '150 agents (a-1, a-2, …): 1 row, status completed', figures: { rowsRead: 150, checks: 1 } })
    expect(rows.verdict === 'held' && (rows.figures as { rows: unknown[] }).rows).toHaveLength(100)
  })
})
