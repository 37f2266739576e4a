import { applies } from '#harness/contracts/contract.ts'
import type { ContractDefinition, ContractResult } from '#harness/contracts/contract.ts'
import type { SessionClientHistory } from '#harness/history/history.ts'
import type { SessionClientResult } from '#harness/ports/session-client-port.ts'
import type { SessionGiven } from '#harness/drivers/session-client/build-session.ts'
import { clientResult, sessionRun } from '#harness/contracts/session/session-run.ts'
import type { SessionRun } from '#harness/contracts/session/session-run.ts'
import { readPlan, scenarioReadPlan } from '#harness/contracts/session/read-plan.ts'
import type { ReadPlan } from '#harness/contracts/session/read-plan.ts'

/** The rule that says whether a session-client contract has something to judge: `true`, or why not, from the read plan and the scenario's `given`. */
export type ReadPlanRule = (plan: ReadPlan, given: SessionGiven) => true | string

/**
 * A session-client contract's `exercisedBy` and `check`, decided by one rule over the read plan — from the scenario
 * before anything runs, from the History's recorded oracle when judging — so the two always agree: where the rule
 * says no, the check is not-applicable with its reason; where the client never answered, unknown; else `judge`
 * decides on the run, the plan and the client's result.
 */
export function byReadPlan(rule: ReadPlanRule, judge: (run: SessionRun, plan: ReadPlan, result: SessionClientResult) => ContractResult): Pick<ContractDefinition<SessionClientHistory>, 'exercisedBy' | 'check'> {
  return {
    exercisedBy: (scenario) => rule(scenarioReadPlan(scenario), scenario.given as SessionGiven),
    check(history) {
      const run = sessionRun(history)
      const plan = readPlan(run.given, run.oracle)
      applies(rule(plan, run.given))
      return judge(run, plan, clientResult(run))
    },
  }
}
