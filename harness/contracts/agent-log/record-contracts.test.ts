import { describe, expect, test } from 'vitest'
import { createAgentLog } from '#fixtures/systems/agent-log/create-agent-log.ts'
import type { AgentLogPort, AgentRecord } from '#harness/ports/agent-log-port.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { driveAgentLog } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'
import type { AgentLogScenarioInput } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'
import { inRecordOrder } from '#harness/contracts/agent-log/records-read.ts'

// The contracts that read every record: record-faithful (every field as the steps said), records-ordered (oldest
// first), sessions-apart (no session shows another's agents) and survives-reuse — held only on records seen, broken on
// each kind of loss, not-applicable or unknown where the History gives them nothing.

const result = (history: AgentLogHistory, id: string) => judgeHistory(history).contracts.find((c) => c.id === `durability/${id}`)!
/** The reference, with each record its `records` answers passed through `change` (a system that loses or rewrites something). */
const rewriting = (change: (record: AgentRecord) => unknown): (() => AgentLogPort) => () => {
  const log = createAgentLog()
  return { ...log, records: async (request) => (await log.records(request)).map(change) as AgentRecord[] }
}

const fields: AgentLogScenarioInput = {
  steps: [
    { start: { agent: 'gate-7', name: 'Gate', kind: 'pulse-reviewer', parent: 'exec-41' } },
    'check',
    { complete: { agent: 'gate-7', status: 'failed', result: 'two findings', error: 'timed out', duration: '42s' } },
    'check',
  ],
}
const sessions: AgentLogScenarioInput = {
  given: { session: 'pulse-a' },
  steps: [{ start: { agent: 'gate-1' } }, { setup: { session: 'pulse-b' } }, { start: { agent: 'gate-1' } }, { setup: { session: 'pulse-a' } }, 'check'],
}

describe('durability/record-faithful', () => {
  test('held with the records compared field by field, and the start time kept through the completion', async () => {
    expect(result(await driveAgentLog(fields, createAgentLog), 'record-faithful')).toMatchObject({
      verdict: 'held',
      evidence: expect.stringMatching(/^2 records at 2 checks hold all 11 fields as the steps said \(gate-7 failed\); startedAt kept unchanged 1 time through later events; 2 stamps each within its call's time on the kit's clock \(margin up to \d+ ms\)$/),
    })
  })
  test.for([
    ['a completion that wipes the start', (r: AgentRecord) => (r.status === 'failed' ? { ...r, name: '', kind: '', parentExecutionId: '', startedAt: '' } : r), ['name', 'kind', 'parentExecutionId', 'startedAt']],
    ['a completion whose outcome is dropped', (r: AgentRecord) => (r.status === 'failed' ? { ...r, result: '', error: '', duration: '', completedAt: '' } : r), ['result', 'error', 'duration', 'completedAt']],
    ['null for an unknown field', (r: AgentRecord) => ({ ...r, result: r.result || null }), ['result']],
    ['a field left out', (r: AgentRecord) => ({ ...r, completedAt: undefined }), ['completedAt']],
    ['a completion time on a running agent', (r: AgentRecord) => ({ ...r, completedAt: r.completedAt || r.startedAt }), ['completedAt']],
    ['a start time rewritten by the completion', (r: AgentRecord) => (r.status === 'failed' ? { ...r, startedAt: '2030-01-01T00:00:00.000Z' } : r), ['startedAt']],
  ] as const)('broken by %s, naming each field', async ([, change, wrong]) => {
    const outcome = result(await driveAgentLog(fields, rewriting(change)), 'record-faithful')
    expect(outcome.verdict).toBe('broken')
    expect((outcome as unknown as { witness: { wrong: Array<{ field: string }> } }).witness.wrong.map((w) => w.field)).toEqual(wrong)
  })
  test('a field that differs by a character one cannot see: both quoted, escaped, and the byte where they part (issue 24)', async () => {
    const outcome = result(await driveAgentLog(fields, rewriting((r) => ({ ...r, name: 'Gate\u200B' }))), 'record-faithful')
    expect(outcome).toMatchObject({
      verdict: 'broken',
      message: 'agent gate-7\'s record at the check of step 1 is not what its steps said: name "Gate\\u{200B}" (expected "Gate", first different at byte 4)',
      witness: { wrong: [{ field: 'name', got: 'Gate\u200B', expected: '"Gate"', byte: 4 }] },
    })
    // a value that is no text is shown as JSON, a missing one as missing
    const nulls = result(await driveAgentLog(fields, rewriting((r) => ({ ...r, kind: null, parentExecutionId: undefined }))), 'record-faithful')
    expect(nulls).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/said: kind null \(expected "pulse-reviewer"\), parentExecutionId \(missing\) \(expected "exec-41"\)$/) })
  })
  test('a record that is gone has lost every field: broken, not unknown', async () => {
    expect(result(await driveAgentLog(fields, rewriting(() => undefined)), 'record-faithful')).toMatchObject({ verdict: 'broken' })
    const empty = (): AgentLogPort => ({ ...createAgentLog(), records: async () => [] })
    expect(result(await driveAgentLog(fields, empty), 'record-faithful')).toMatchObject({ verdict: 'broken', witness: { agentId: 'gate-7', rows: 0 } })
  })
  test('not-applicable with no agent of a writable workspace; unknown when records are not answered', async () => {
    expect(result(await driveAgentLog({ given: { store: 'unwritable' }, steps: [{ start: { agent: 'a-1' } }, 'check'] }, createAgentLog, { stderr: 'agent-log: write failed: x\n' }), 'record-faithful')).toMatchObject({ verdict: 'not-applicable' })
    const failing = (): AgentLogPort => ({ ...createAgentLog(), records: async () => Promise.reject(new Error('locked')) })
    expect(result(await driveAgentLog(fields, failing), 'record-faithful')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('got no records back') })
  })
})

describe('durability/records-ordered', () => {
  test('the order is startedAt, then agentId, as text', () => {
    expect(inRecordOrder({ startedAt: '', agentId: 'z' }, { startedAt: '2026-01-01T00:00:00.000Z', agentId: 'a' })).toBe(true)
    expect(inRecordOrder({ startedAt: '2026-01-01T00:00:00.000Z', agentId: 'b' }, { startedAt: '2026-01-01T00:00:00.000Z', agentId: 'a' })).toBe(false)
    expect(inRecordOrder({ startedAt: '2026-01-01T00:00:00.000Z', agentId: 'B' }, { startedAt: '2026-01-01T00:00:00.000Z', agentId: 'a' })).toBe(true)
  })
  const two: AgentLogScenarioInput = { steps: [{ start: { agent: 'b-1' } }, { start: { agent: 'a-2' } }, 'check'], contracts: ['durability/records-ordered'] }
  test('held on the reference, broken on newest first, with the order seen', async () => {
    expect(result(await driveAgentLog(two, createAgentLog), 'records-ordered')).toMatchObject({ verdict: 'held', figures: { checks: 1 } })
    const reversed = (): AgentLogPort => {
      const log = createAgentLog()
      return { ...log, records: async (request) => (await log.records(request)).reverse() }
    }
    expect(result(await driveAgentLog(two, reversed), 'records-ordered')).toMatchObject({ verdict: 'broken', witness: { step: 2, at: 1 } })
  })
  test('the order the agents started, where their starts were far enough apart: a log stamping whole seconds is broken', async () => {
    // issue 24: every start stamped in one second ties, and the log answers a-2 before b-1 by agentId, which the text
    // order alone accepts; b-1 was started first — its start answered 5 ms before a-2's was sent — so its millisecond
    // stamp is the older, and it comes first. (The times are set here: how far apart two calls run is the machine's.)
    const history = await driveAgentLog(two, () => createAgentLog({ clock: () => '2026-08-12T09:00:00Z' }))
    const answerOfFirst = history.events.find((e) => e.type === 'ok' && e.f === 'agent-log.agentStarted')!
    const secondStart = history.events.filter((e) => e.type === 'invoke' && e.f === 'agent-log.agentStarted')[1]!
    const spaced = { ...history, events: history.events.map((e) => (e === secondStart ? { ...e, time: answerOfFirst.time + 5 } : e)) }
    expect(result(spaced, 'records-ordered')).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/not in the order the agents started: b-1 was started first \(its start answered 5 ms before a-2's was sent\), yet comes after it/),
      witness: { step: 2, first: { agentId: 'b-1' }, then: { agentId: 'a-2' }, apartMs: 5 },
    })
    expect(result(spaced, 'record-faithful')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('2026-08-12T09:00:00Z') })
    // starts closer than that may share a millisecond: then agentId decides, and the answer is held
    const close = { ...history, events: history.events.map((e) => (e === secondStart ? { ...e, time: answerOfFirst.time + 1 } : e)) }
    expect(result(close, 'records-ordered')).toMatchObject({ verdict: 'held' })
  })
  test('startedAt quoted with what cannot be seen escaped: a left-to-right mark sorts the record last (issue 24)', async () => {
    const marked = rewriting((r) => (r.agentId === 'b-1' ? { ...r, startedAt: `\u200E${r.startedAt}` } : r))
    const history = await driveAgentLog(two, marked)
    expect(result(history, 'records-ordered')).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^the records at the check of step 2 are out of order: b-1 \(startedAt "\\u\{200E\}\d{4}-[\d-]+T[\d:.]+Z"\) comes before a-2 \(startedAt "\d{4}-/),
    })
    expect(result(history, 'record-faithful')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('startedAt "\\u{200E}') })
  })
  test('named only: a scenario that does not name it does not exercise it; unknown when fewer than two records came back', async () => {
    const history = await driveAgentLog({ steps: two.steps }, createAgentLog)
    expect(history.exercises).not.toContain('durability/records-ordered')
    const one = (): AgentLogPort => {
      const log = createAgentLog()
      return { ...log, records: async (request) => (await log.records(request)).slice(0, 1) }
    }
    expect(result(await driveAgentLog(two, one), 'records-ordered')).toMatchObject({ verdict: 'unknown' })
    expect(result(await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, 'check'] }, createAgentLog), 'records-ordered')).toMatchObject({ verdict: 'not-applicable' })
  })
})

describe('durability/sessions-apart and durability/survives-reuse', () => {
  test('held on the reference: the same agent id in two sessions, each its own', async () => {
    const history = await driveAgentLog(sessions, createAgentLog)
    expect(result(history, 'sessions-apart')).toMatchObject({ verdict: 'held', evidence: 'session pulse-a at step 4: 1 record, none of the 1 agent of pulse-b' })
    expect(result(history, 'survives-reuse')).toMatchObject({ verdict: 'held', evidence: 'gate-1: 1 row, status running, after its session was set up again in the same process' })
  })
  test('broken where records show another session’s row, in any scenario', async () => {
    const leaky = rewriting((r) => r)
    const all = (): AgentLogPort => {
      const log = leaky()
      let rows: AgentRecord[] = []
      return { ...log, records: async (request) => (rows = [...rows.filter((r) => r.sessionId !== request.sessionId), ...(await log.records(request))]) }
    }
    expect(result(await driveAgentLog({ ...sessions, steps: [...sessions.steps.slice(0, 4), { setup: { session: 'pulse-b' } }, 'check', { setup: { session: 'pulse-a' } }, 'check'] }, all), 'sessions-apart')).toMatchObject({
      verdict: 'broken',
      witness: { session: 'pulse-a', foreign: [{ sessionId: 'pulse-b', agentId: 'gate-1' }] },
    })
  })
  test('broken where records show, in the session’s own name, an agent it never recorded', async () => {
    const ghost = (): AgentLogPort => {
      const log = createAgentLog()
      return { ...log, records: async (request) => [...(await log.records(request)), { ...(await log.records(request))[0]!, agentId: 'ghost-1' }] }
    }
    expect(result(await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, 'check'] }, ghost), 'sessions-apart')).toMatchObject({
      verdict: 'broken',
      witness: { foreign: [{ agentId: 'ghost-1' }] },
    })
  })
  test('an agent id with a BOM is shown escaped, and the records not its own are counted beside the first (issue 24)', async () => {
    const bom = rewriting((r) => ({ ...r, agentId: `\uFEFF${r.agentId}` }))
    const outcome = result(await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, { start: { agent: 'b-2' } }, 'check'] }, bom), 'sessions-apart')
    expect(outcome).toMatchObject({
      verdict: 'broken',
      message: 'the records of session session-plat-114 at the check of step 2 show \\u{FEFF}a-1 of no agent this session recorded (and 1 more record not its own)',
      witness: { foreign: [{ agentId: '\uFEFFa-1' }, { agentId: '\uFEFFb-2' }], foreignRecords: 2 },
    })
  })
  test('survives-reuse broken when a second setup empties the session', async () => {
    const forgetful = (): AgentLogPort => {
      const log = createAgentLog()
      let setups = 0
      return { ...log, setup: async (request) => void (setups++, await log.setup(request)), records: async (request) => (setups > 1 ? [] : log.records(request)) }
    }
    expect(result(await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, 'reuse', 'check'] }, forgetful), 'survives-reuse')).toMatchObject({ verdict: 'broken', witness: { agentId: 'a-1' } })
  })
  test('not-applicable with one session, or no second setup', async () => {
    const history = await driveAgentLog({ steps: [{ start: { agent: 'a-1' } }, 'check'] }, createAgentLog)
    expect(result(history, 'sessions-apart')).toMatchObject({ verdict: 'not-applicable' })
    expect(result(history, 'survives-reuse')).toMatchObject({ verdict: 'not-applicable' })
  })
})

describe('durability/survives-eviction at the cap boundary', () => {
  /** A start, then `activity` UI events, then a check, with a UI-event cap of 3. */
  const after = (activity: number): AgentLogScenarioInput => ({ given: { uiEventCap: 3 }, steps: [{ start: { agent: 'gate-1' } }, { activity }, 'check'] })
  test('exactly the cap of later events evicts the agent’s last event: judged, and broken on a log read from the UI-event list', async () => {
    const { createReadsUiEventCacheAgentLog } = await import('#fixtures/systems/agent-log/mutants/reads-ui-event-cache.ts')
    expect(result(await driveAgentLog(after(3), createReadsUiEventCacheAgentLog), 'survives-eviction')).toMatchObject({ verdict: 'broken', message: 'agent gate-1 is gone after 3 later UI events (cap 3)' })
    expect(result(await driveAgentLog(after(3), createAgentLog), 'survives-eviction')).toMatchObject({ verdict: 'held', evidence: expect.stringContaining('after 3 or more later UI events (cap 3)') })
  })
  test('one event fewer leaves it in the list: not judged', async () => {
    expect(result(await driveAgentLog(after(2), createAgentLog), 'survives-eviction')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining('the UI-event cap (3) or more') })
  })
})

describe('durability/record-faithful: each stamp within its own call', () => {
  const oneRow: AgentLogScenarioInput = { steps: [{ start: { agent: 'a-1' } }, { complete: { agent: 'a-1' } }, 'check'] }
  test('broken by a stamp in local time written with a Z (5 h 30 min off)', async () => {
    const local = () => createAgentLog({ clock: () => new Date(Date.now() + 5.5 * 3_600_000).toISOString() })
    expect(result(await driveAgentLog(oneRow, local), 'record-faithful')).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^agent a-1's startedAt ".*" at the check of step 2 is not within its start's call \(step 0\): .* the stamp is 5 h 30 min after it \(margin \d+ ms\) — a local time written with Z\?$/),
      witness: { field: 'startedAt', callStep: 0 },
    })
  })
  test('held on the reference, counting the stamps read against their calls', async () => {
    expect(result(await driveAgentLog(oneRow, createAgentLog), 'record-faithful')).toMatchObject({ verdict: 'held', figures: { stampsInWindow: 2 } })
  })
})
