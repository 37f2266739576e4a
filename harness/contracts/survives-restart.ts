import type { AgentLogHistory } from '#harness/history/history.ts'
import { defineContract, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, rowState } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, exercisedWhen } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { judgeRows } from '#harness/contracts/agent-log/agent-log-rows.ts'

const restarted = (agent: ExpectedAgent) => agent.restartedSince

/** durability/survives-restart: An agent's record survives the process being killed (kill -9) or restarted on the same store: each write is committed before its call answers. */
export const survivesRestart = defineContract<AgentLogHistory>({
  id: 'durability/survives-restart',
  statement: "An agent's record survives the process being killed (kill -9) or restarted on the same store: each write is committed before its call answers.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), restarted, 'a kill or restart after an agent, in a writable workspace'),
  check(history) {
    const run = agentLogRun(history)
    const result = judgeRows(run, {
      which: restarted,
      none: 'no kill or restart comes between an agent of a writable workspace and a check',
      missing: (read) => `agent ${read.agent.agentId} is ${rowState(read)} after a kill or restart`,
      after: () => restartLine(run.starts, run.killed),
      figures: () => ({ processes: run.starts.length, pids: run.starts, killed: run.killed }),
    })
    if (result.verdict === 'held' && run.starts.length < 2) return unknown('the History shows one process only: the restart the steps ask for never happened')
    return result
  },
})

/** How the restart reads in the evidence: "read back by process 812 after process 799 was killed (SIGKILL)". */
function restartLine(starts: Array<number | null>, killed: number[]): string {
  const [before, after] = [starts.at(-2), starts.at(-1)]
  const by = after === null || after === undefined ? 'a new instance' : `process ${after}`
  if (killed.length > 0) return `read back by ${by} after process ${killed.join(', ')} was killed (SIGKILL)`
  return `read back by ${by} after ${before === null || before === undefined ? 'the first' : `process ${before}`} was stopped`
}

/** Checks durability/survives-restart (returns the result). */
export const checkSurvivesRestart = survivesRestart.check
/** Asserts durability/survives-restart (throws unless held). */
export const assertSurvivesRestart = survivesRestart.assert
