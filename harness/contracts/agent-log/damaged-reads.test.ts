import { describe, expect, test } from 'vitest'
import { createAgentLog } from '#fixtures/systems/agent-log/create-agent-log.ts'
import { createDamagedStoreFailsRecordsAgentLog } from '#fixtures/systems/agent-log/mutants/damaged-store-fails-records.ts'
import { createMemoryOnlyStoreAgentLog } from '#fixtures/systems/agent-log/mutants/memory-only-store.ts'
import type { AgentLogPort, AgentRecord } from '#harness/ports/agent-log-port.ts'
import type { AgentLogHistory } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { AgentLogGiven } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'
import { driveAgentLog, withoutNotes } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'
import type { AgentLogScenarioInput } from '#harness/contracts/agent-log/__test-helpers__/drive-agent-log.ts'

// The kit's corrupt step (in process: the instance stopped, the workspace's files overwritten, a new instance on them):
// durability/best-effort judges what records answers from the damaged store; the row contracts judge no read after it.

const result = (history: AgentLogHistory, id: string) => judgeHistory(history).contracts.find((c) => c.id === `durability/${id}`)!
const damaged: AgentLogScenarioInput = { steps: [{ start: { agent: 'a-1' } }, { complete: { agent: 'a-1' } }, { start: { agent: 'b-2' } }, 'check', 'corrupt', 'check'] }
/** The reference, with `records` changed to answer what `answer` makes of the session's id once the store is damaged (before, the reference's own). */
const answering = (answer: (sessionId: string) => unknown) => (): AgentLogPort => {
  const log = createAgentLog()
  return { ...log, records: async (request) => ((await log.records(request)).length > 0 ? log.records(request) : (answer(request.sessionId) as AgentRecord[])) }
}
const row = (sessionId: string, agentId: string) => ({ sessionId, agentId, name: '', kind: '', parentExecutionId: '', status: 'running', result: '', error: '', duration: '', startedAt: '', completedAt: '' })

describe('the plan of a corrupt step', () => {
  const given = { workspace: 'sandboxed', store: 'writable', uiEventCap: 200, session: 's-1' } as unknown as AgentLogGiven
  test('after a write it damages the workspace: every later check of it requires no row; before any write it damages nothing', () => {
    const steps = [{ start: { agent: 'a' } }, 'check', 'corrupt', 'check', { setup: { workspace: 'none' } }, 'check'] as AgentLogStep[]
    expect(agentLogPlan(given, steps).checks.map((c) => [c.step, c.writable, c.damaged])).toEqual([[1, true, undefined], [3, false, 2], [5, false, undefined]])
    const early = ['corrupt', { start: { agent: 'a' } }, 'check'] as AgentLogStep[]
    expect(agentLogPlan(given, early).checks.map((c) => [c.writable, c.damaged])).toEqual([[true, undefined]])
  })
})

describe('durability/best-effort after the kit damaged the store', () => {
  test('the reference: held on [] read after the damage; the rows before it judged; the reads after it left to best-effort, with the reason', async () => {
    const history = await driveAgentLog(damaged, createAgentLog)
    expect(result(history, 'best-effort')).toMatchObject({
      verdict: 'held',
      evidence: expect.stringMatching(/^after the kit damaged the store \(corrupt, step 4: \d files? overwritten: db\/db\.sqlite.*\), 1 read answered normally, with the rows it could still read: \[\] at step 5$/),
      figures: { reads: 1, damagedAt: [4], records: [0] },
    })
    expect(result(history, 'one-row-per-agent')).toMatchObject({ verdict: 'held', figures: { checks: 1 } })
    expect(result(history, 'record-faithful')).toMatchObject({ verdict: 'held' })
    expect(result(history, 'survives-restart')).toMatchObject({ verdict: 'not-applicable', reason: expect.stringContaining("the check of step 5 reads the store after the kit damaged it (corrupt, step 4): rows lost to the kit's own fault are not judged") })
    expect(judgeHistory(history).verdict).toBe('held')
  })
  test('held on the rows it could still read; broken on an entry that is none of the session’s rows, or on no list at all', async () => {
    expect(result(await driveAgentLog(damaged, answering((s) => [row(s, 'b-2')])), 'best-effort')).toMatchObject({ verdict: 'held', figures: { records: [1] }, evidence: expect.stringContaining('1 row at step 5') })
    expect(result(await driveAgentLog(damaged, answering(() => ['Stryker was here'])), 'best-effort')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('"Stryker was here" (entry 1), which is no record at the check of step 5'), witness: { step: 5, damagedAt: 4, at: 0 } })
    expect(result(await driveAgentLog(damaged, answering(() => [row('s-other', 'b-2')])), 'best-effort')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('a record of session "s-other" (entry 1)') })
    expect(result(await driveAgentLog(damaged, answering((s) => [row(s, 'made-up')])), 'best-effort')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('agent "made-up" (entry 1), which the session never recorded') })
    expect(result(await driveAgentLog(damaged, answering(() => undefined)), 'best-effort')).toMatchObject({ verdict: 'broken', message: expect.stringContaining('not a list of the rows it can read') })
  })
  test('the mutant damaged-store-fails-records: broken on the error it answers', async () => {
    expect(result(await driveAgentLog(damaged, createDamagedStoreFailsRecordsAgentLog), 'best-effort')).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^agent-log\.records answered an error at the check of step 5: .*not a database/) })
  })
  test('unknown when the kit found no file to damage (a store kept elsewhere), or its note of the damage is missing', async () => {
    expect(result(await driveAgentLog(damaged, createMemoryOnlyStoreAgentLog), 'best-effort')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('found no file the implementation had made in its workspace') })
    expect(result(withoutNotes(await driveAgentLog(damaged, createAgentLog), 'store damaged'), 'best-effort')).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no note of what the kit') })
  })
  test('records-ordered judges no read after the damage: rows answered out of order there are not its to judge', async () => {
    const reversed = answering((s) => [{ ...row(s, 'a-1'), startedAt: '2030-01-01T00:00:00.000Z' }, row(s, 'b-2')])
    const history = await driveAgentLog({ ...damaged, contracts: ['durability/best-effort'] }, reversed)
    expect(result(history, 'records-ordered')).toMatchObject({ verdict: 'held', figures: { checks: 1 } })
    expect(result(history, 'best-effort')).toMatchObject({ verdict: 'held', figures: { records: [2] } })
  })
})
