import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/running-row-visible: An agent that started and never completed stays visible as a running row, after a crash and a restart too. */
export const runningRowVisible = defineContract<AgentLogHistory>({
  id: 'durability/running-row-visible',
  statement: "An agent that started and never completed stays visible as a running row, after a crash and a restart too.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    if (run.workspace === 'none' || run.store === 'unwritable') return held
    for (const check of run.checks) {
      for (const agent of check.expected.filter((a) => a.status === 'running')) {
        const { record } = recordOf(check, agent.agentId)
        if (record?.status !== 'running') return broken(`agent ${agent.agentId} started and never completed, but the check of step ${check.step} ${record ? `shows it as ${record.status}` : 'shows no row for it'}`, { agentId: agent.agentId, step: check.step, row: record ?? null })
      }
    }
    return held
  },
})

/** Checks durability/running-row-visible (returns the result). */
export const checkRunningRowVisible = runningRowVisible.check
/** Asserts durability/running-row-visible (throws unless held). */
export const assertRunningRowVisible = runningRowVisible.assert
