import type { AgentLogHistory } from '#harness/history/history.ts'
import { defineContract } from '#harness/contracts/contract.ts'
import { agentLogRun, rowState, type RowRead } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, exercisedWhen } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { judgeRows } from '#harness/contracts/agent-log/agent-log-rows.ts'

/** durability/survives-eviction: An agent's record survives the UI-event cap or more of later activity on its session (exactly the cap already evicts its last event). */
export const survivesEviction = defineContract<AgentLogHistory>({
  id: 'durability/survives-eviction',
  statement: "An agent's record survives the UI-event cap or more of later activity on its session.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), pastCap(scenario.given.uiEventCap), `the UI-event cap (${scenario.given.uiEventCap.toLocaleString('en-US')}) or more of later activity after an agent, in a writable workspace`),
  check(history) {
    const run = agentLogRun(history)
    const cap = run.uiEventCap.toLocaleString('en-US')
    return judgeRows(run, {
      which: pastCap(run.uiEventCap),
      none: `no check comes after the UI-event cap (${cap}) or more of later activity on an agent of a writable workspace`,
      missing: (read) => `agent ${read.agent.agentId} is ${rowState(read)} after ${read.agent.eventsSince.toLocaleString('en-US')} later UI events (cap ${cap})`,
      witness: (read) => ({ eventsSince: read.agent.eventsSince, uiEventCap: run.uiEventCap }),
      after: (reads) => `after ${fewestSince(reads).toLocaleString('en-US')} or more later UI events (cap ${cap})`,
      figures: (reads) => ({ uiEventCap: run.uiEventCap, fewestEventsSince: fewestSince(reads) }),
    })
  },
})

/** The fewest later UI events any read row had seen (a loop: a spread of thousands of reads would overflow the stack). */
function fewestSince(reads: readonly RowRead[]): number {
  return reads.reduce((fewest, r) => Math.min(fewest, r.agent.eventsSince), Infinity)
}

/** An agent whose last event the capped UI-event list no longer holds: `cap` later events fill the list, so exactly the cap evicts it. */
function pastCap(cap: number): (agent: ExpectedAgent) => boolean {
  return (agent) => agent.eventsSince >= cap
}

/** Checks durability/survives-eviction (returns the result). */
export const checkSurvivesEviction = survivesEviction.check
/** Asserts durability/survives-eviction (throws unless held). */
export const assertSurvivesEviction = survivesEviction.assert
