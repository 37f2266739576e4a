import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, firstMissingRow, rowState } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/running-row-visible: An agent that started and never completed stays visible as a running row, after a crash and a restart too. */
export const runningRowVisible = defineContract<AgentLogHistory>({
  id: 'durability/running-row-visible',
  statement: "An agent that started and never completed stays visible as a running row, after a crash and a restart too.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const missing = firstMissingRow(agentLogRun(history), (a) => a.status === 'running')
    if (missing) return broken(`agent ${missing.agent.agentId} started and never completed, but the check of step ${missing.check.step} ${missing.record ? `shows it as ${missing.record.status}` : 'shows no row for it'}`, { agentId: missing.agent.agentId, step: missing.check.step, row: missing.record ?? null })
    return held
  },
})

/** Checks durability/running-row-visible (returns the result). */
export const checkRunningRowVisible = runningRowVisible.check
/** Asserts durability/running-row-visible (throws unless held). */
export const assertRunningRowVisible = runningRowVisible.assert
