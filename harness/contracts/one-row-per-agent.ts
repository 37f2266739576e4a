import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/one-row-per-agent: A background agent's start and completion are one durable row, never two. */
export const oneRowPerAgent = defineContract<AgentLogHistory>({
  id: 'durability/one-row-per-agent',
  statement: "A background agent's start and completion are one durable row, never two.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    for (const check of run.checks) {
      for (const agent of check.expected) {
        const { count } = recordOf(check, agent.agentId)
        if (count > 1) return broken(`agent ${agent.agentId} has ${count} rows at the check of step ${check.step}`, { agentId: agent.agentId, rows: count, step: check.step })
      }
    }
    return held
  },
})

/** Checks durability/one-row-per-agent (returns the result). */
export const checkOneRowPerAgent = oneRowPerAgent.check
/** Asserts durability/one-row-per-agent (throws unless held). */
export const assertOneRowPerAgent = oneRowPerAgent.assert
