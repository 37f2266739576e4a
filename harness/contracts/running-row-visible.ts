import type { AgentLogHistory } from '#harness/history/history.ts'
import { defineContract } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, exercisedWhen, isRunning } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { judgeRows } from '#harness/contracts/agent-log/agent-log-rows.ts'

/** durability/running-row-visible: An agent that started and never completed stays visible as a running row, after a crash and a restart too. */
export const runningRowVisible = defineContract<AgentLogHistory>({
  id: 'durability/running-row-visible',
  statement: "An agent that started and never completed stays visible as a running row, after a crash and a restart too.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), isRunning, 'an agent’s start without its completion, in a writable workspace'),
  check(history) {
    return judgeRows(agentLogRun(history), {
      which: isRunning,
      none: 'no agent is still running at a check of a writable workspace',
      missing: ({ agent, check, record }) => `agent ${agent.agentId} started and never completed, but the check of step ${check.step} ${record ? `shows it as ${record.status}` : 'shows no row for it'}`,
      after: (reads) => (reads.some((r) => r.agent.restartedSince) ? 'after a kill or restart' : 'before any restart'),
    })
  },
})

/** Checks durability/running-row-visible (returns the result). */
export const checkRunningRowVisible = runningRowVisible.check
/** Asserts durability/running-row-visible (throws unless held). */
export const assertRunningRowVisible = runningRowVisible.assert
