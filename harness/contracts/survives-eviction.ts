import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun, firstMissingRow, rowState } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/survives-eviction: An agent's record survives more than the UI-event cap of later activity on its session. */
export const survivesEviction = defineContract<AgentLogHistory>({
  id: 'durability/survives-eviction',
  statement: "An agent's record survives more than the UI-event cap of later activity on its session.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    const missing = firstMissingRow(run, (a) => a.eventsSince > run.uiEventCap)
    if (missing) return broken(`agent ${missing.agent.agentId} is ${rowState(missing)} after ${missing.agent.eventsSince} later UI events (cap ${run.uiEventCap})`, { agentId: missing.agent.agentId, step: missing.check.step, eventsSince: missing.agent.eventsSince, uiEventCap: run.uiEventCap, row: missing.record ?? null })
    return held
  },
})

/** Checks durability/survives-eviction (returns the result). */
export const checkSurvivesEviction = survivesEviction.check
/** Asserts durability/survives-eviction (throws unless held). */
export const assertSurvivesEviction = survivesEviction.assert
