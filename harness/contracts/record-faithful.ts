import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, agentsAtChecks, exercisedWhen } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { expectedRecord, recordFields, wrongFields } from '#harness/contracts/agent-log/expected-record.ts'
import { counted } from '#harness/contracts/counted.ts'

/**
 * durability/record-faithful: Every field of an agent's record is what its steps said, as a string: the start's name,
 * kind, parent and start time kept through the completion, the completion's status, result, error, duration and
 * completion time, and completedAt '' while the agent runs. A record that is gone has lost every field.
 */
export const recordFaithful = defineContract<AgentLogHistory>({
  id: 'durability/record-faithful',
  statement:
    "Every field of an agent's record is what its steps said, as a string: the start's name, kind, parent and startedAt kept through its completion, the completion's status, result, error, duration and completedAt, and completedAt '' while it runs.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), () => true, 'an agent of a writable workspace'),
  check(history) {
    const run = agentLogRun(history)
    const required = agentsAtChecks(run)
    pre(required.length > 0, 'no check reads back an agent recorded in a writable workspace')
    const startedAt = new Map<string, { at: string; step: number }>()
    const seen: Array<{ sessionId: string; agentId: string; status: string; step: number }> = []
    let kept = 0
    for (const { check, agent } of required) {
      if (check.records === undefined) continue
      const { record, count } = recordOf(check, agent.agentId)
      if (!record) return broken(`agent ${agent.agentId} has no record at the check of step ${check.step}: every field the steps gave it is lost`, { agentId: agent.agentId, step: check.step, rows: count })
      const wrong = wrongFields(record, expectedRecord(agent))
      if (wrong.length > 0) {
        const said = wrong.map((w) => `${w.field} ${JSON.stringify(w.got)} (expected ${w.expected})`).join(', ')
        return broken(`agent ${agent.agentId}'s record at the check of step ${check.step} is not what its steps said: ${said}`, { agentId: agent.agentId, step: check.step, wrong, record })
      }
      if (agent.startStep !== undefined) {
        const key = `${agent.sessionId}\u0000${agent.agentId}\u0000${agent.startStep}`
        const before = startedAt.get(key)
        if (before && before.at !== record.startedAt) {
          return broken(`agent ${agent.agentId}'s startedAt changed with no new start: ${before.at} at the check of step ${before.step}, ${record.startedAt} at step ${check.step}`, {
            agentId: agent.agentId,
            step: check.step,
            wrong: [{ field: 'startedAt', got: record.startedAt, expected: before.at }],
          })
        }
        if (before) kept += 1
        else startedAt.set(key, { at: record.startedAt, step: check.step })
      }
      seen.push({ sessionId: agent.sessionId, agentId: agent.agentId, status: record.status, step: check.step })
    }
    const unanswered = required.find(({ check }) => check.records === undefined)
    if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back (agent-log.records was not answered), so ${unanswered.agent.agentId}'s record was never compared`)
    const sessions = new Set(seen.map((s) => s.sessionId)).size
    const agents = [...new Map(seen.map((s) => [`${s.sessionId}\u0000${s.agentId}`, s])).values()].map((s) => `${sessions > 1 ? `${s.sessionId}/` : ''}${s.agentId} ${s.status}`)
    const checks = new Set(seen.map((s) => s.step)).size
    return held(
      `${counted(seen.length, 'record')} at ${counted(checks, 'check')} ${seen.length === 1 ? 'holds' : 'hold'} all ${recordFields.length} fields as the steps said (${agents.join(', ')})${kept > 0 ? `; startedAt kept unchanged ${counted(kept, 'time')} through later events` : ''}`,
      { records: seen.length, checks, fields: recordFields.length, startedAtKept: kept },
    )
  },
})

/** Checks durability/record-faithful (returns the result). */
export const checkRecordFaithful = recordFaithful.check
/** Asserts durability/record-faithful (throws unless held). */
export const assertRecordFaithful = recordFaithful.assert
