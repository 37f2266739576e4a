import type { AgentLogHistory } from '#harness/history/history.ts'
import { defineContract } from '#harness/contracts/contract.ts'
import { agentLogRun, rowState } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, exercisedWhen } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { judgeRows } from '#harness/contracts/agent-log/agent-log-rows.ts'

const reused = (agent: ExpectedAgent) => agent.reusedSince

/** durability/survives-reuse: An agent's record survives its session being set up again in the same process (reused, or opened again after another session). */
export const survivesReuse = defineContract<AgentLogHistory>({
  id: 'durability/survives-reuse',
  statement: "An agent's record survives its session being set up again in the same process (reused, or opened again after another session).",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), reused, 'a second setup of an agent’s session (reuse, or a setup step back to it), in a writable workspace'),
  check(history) {
    const run = agentLogRun(history)
    return judgeRows(run, {
      which: reused,
      none: 'no second setup of a session (reuse, or a setup step back to it) comes between an agent of a writable workspace and a check',
      missing: (read) => `agent ${read.agent.agentId} is ${rowState(read)} after its session ${read.agent.sessionId} was set up again`,
      after: () => 'after its session was set up again in the same process',
      figures: () => ({ setupsAgain: run.setups.filter((s) => s.step >= 0).length }),
    })
  },
})

/** Checks durability/survives-reuse (returns the result). */
export const checkSurvivesReuse = survivesReuse.check
/** Asserts durability/survives-reuse (throws unless held). */
export const assertSurvivesReuse = survivesReuse.assert
