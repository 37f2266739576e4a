import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, firstMissingRow, rowState } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/survives-restart: An agent's record survives the process being killed (kill -9) or restarted on the same store. */
export const survivesRestart = defineContract<AgentLogHistory>({
  id: 'durability/survives-restart',
  statement: "An agent's record survives the process being killed (kill -9) or restarted on the same store.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const missing = firstMissingRow(agentLogRun(history), (a) => a.restartedSince)
    if (missing) return broken(`agent ${missing.agent.agentId} is ${rowState(missing)} after a kill or restart`, { agentId: missing.agent.agentId, step: missing.check.step, expected: missing.agent.status, row: missing.record ?? null })
    return held
  },
})

/** Checks durability/survives-restart (returns the result). */
export const checkSurvivesRestart = survivesRestart.check
/** Asserts durability/survives-restart (throws unless held). */
export const assertSurvivesRestart = survivesRestart.assert
