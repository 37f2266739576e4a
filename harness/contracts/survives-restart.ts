import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/survives-restart: An agent's record survives the process being killed (kill -9) or restarted on the same store. */
export const survivesRestart = defineContract<AgentLogHistory>({
  id: 'durability/survives-restart',
  statement: "An agent's record survives the process being killed (kill -9) or restarted on the same store.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    if (run.workspace === 'none' || run.store === 'unwritable') return held
    for (const check of run.checks) {
      for (const agent of check.expected.filter((a) => a.restartedSince)) {
        const { record } = recordOf(check, agent.agentId)
        if (!record || record.status !== agent.status) return broken(`agent ${agent.agentId} is ${record ? `shown as ${record.status}, not ${agent.status},` : 'gone'} after a kill or restart`, { agentId: agent.agentId, step: check.step, expected: agent.status, row: record ?? null })
      }
    }
    return held
  },
})

/** Checks durability/survives-restart (returns the result). */
export const checkSurvivesRestart = survivesRestart.check
/** Asserts durability/survives-restart (throws unless held). */
export const assertSurvivesRestart = survivesRestart.assert
