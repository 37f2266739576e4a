import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, requiredRows, type RowRead } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, exercisedWhen, hasCompletion, withDamaged } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { rowsFigures, rowsLine } from '#harness/contracts/agent-log/agent-log-rows.ts'

/**
 * durability/one-row-per-agent: A background agent's start and completion are one durable row, never two; a completion
 * whose start was never recorded makes that row alone. Exactly one: a check of a writable workspace that shows no row
 * for an agent it recorded breaks it too (zero is not one), even where another contract (running-row-visible,
 * survives-*) also owns that loss and says why.
 */
export const oneRowPerAgent = defineContract<AgentLogHistory>({
  id: 'durability/one-row-per-agent',
  statement: "A background agent's start and completion are one durable row, never two; a completion whose start was never recorded makes that one row alone.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), hasCompletion, 'an agent’s completion (after its start, or alone) in a writable workspace'),
  check(history) {
    const run = agentLogRun(history)
    const required = requiredRows(run)
    pre(required.length > 0, withDamaged('no check reads back an agent recorded in a writable workspace', run.checks))
    const reads: RowRead[] = []
    let unanswered: RowRead | undefined
    for (const read of required) {
      const { check, agent, record, count } = read
      if (check.records === undefined) {
        unanswered ??= read
        continue
      }
      const witness = { agentId: agent.agentId, rows: count, step: check.step }
      if (count > 1) return broken(`agent ${agent.agentId} has ${count.toLocaleString('en-US')} rows at the check of step ${check.step}`, witness)
      if (count === 0) return broken(`agent ${agent.agentId} was recorded (${agent.started && agent.completed ? 'started and completed' : agent.completed ? 'completed, its start never recorded' : 'started'}) but has no row at the check of step ${check.step}`, witness)
      if (!read.statusAsExpected) return broken(`agent ${agent.agentId}'s one row shows status ${record!.status}, not ${agent.status}, at the check of step ${check.step}`, { ...witness, expected: agent.status, row: record })
      reads.push(read)
    }
    if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back (agent-log.records was not answered), so ${unanswered.agent.agentId}'s rows were never counted`)
    return held(rowsLine(reads, run.agents), rowsFigures(reads))
  },
})

/** Checks durability/one-row-per-agent (returns the result). */
export const checkOneRowPerAgent = oneRowPerAgent.check
/** Asserts durability/one-row-per-agent (throws unless held). */
export const assertOneRowPerAgent = oneRowPerAgent.assert
