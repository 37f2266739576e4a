import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/survives-eviction: An agent's record survives more than the UI-event cap of later activity on its session. */
export const survivesEviction = defineContract<AgentLogHistory>({
  id: 'durability/survives-eviction',
  statement: "An agent's record survives more than the UI-event cap of later activity on its session.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    if (run.workspace === 'none' || run.store === 'unwritable') return held
    for (const check of run.checks) {
      for (const agent of check.expected.filter((a) => a.eventsSince > run.uiEventCap)) {
        const { record } = recordOf(check, agent.agentId)
        if (!record || record.status !== agent.status) return broken(`agent ${agent.agentId} is ${record ? `shown as ${record.status}, not ${agent.status},` : 'gone'} after ${agent.eventsSince} later UI events (cap ${run.uiEventCap})`, { agentId: agent.agentId, step: check.step, eventsSince: agent.eventsSince, uiEventCap: run.uiEventCap, row: record ?? null })
      }
    }
    return held
  },
})

/** Checks durability/survives-eviction (returns the result). */
export const checkSurvivesEviction = survivesEviction.check
/** Asserts durability/survives-eviction (throws unless held). */
export const assertSurvivesEviction = survivesEviction.assert
