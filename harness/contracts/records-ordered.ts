import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'
import { recordsRead } from '#harness/contracts/agent-log/records-read.ts'

const fewer = 'no check of a writable workspace reads back two agents or more: there is no order to judge'

/** The checks that require two rows or more, whose order can be judged. */
const orderedChecks = <C extends PlannedCheck>(checks: C[]): C[] => checks.filter((c) => c.writable && c.expected.length >= 2)

/**
 * durability/records-ordered: A session's records come oldest first (as `inRecordOrder` compares them): by startedAt,
 * then by agentId, each compared as text (a record with no start, startedAt '', comes first). Exercised only where a
 * scenario names it; judged wherever a check answers two records or more.
 */
export const recordsOrdered = defineContract<AgentLogHistory>({
  id: 'durability/records-ordered',
  statement: "A session's records come oldest first: ordered by startedAt, then agentId, each compared as text.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercise: 'named',
  exercisedBy: (scenario) => (orderedChecks(agentLogPlan(scenario.given, scenario.steps).checks).length > 0 ? true : fewer),
  check(history) {
    const run = agentLogRun(history)
    for (const check of run.checks) {
      const at = check.records === undefined ? -1 : recordsRead(check.records, check.sessionId).outOfOrderAt
      if (at > 0) {
        const records = (check.records ?? []).filter((r) => typeof r === 'object' && r !== null)
        const [before, after] = [records[at - 1], records[at]]
        return broken(`the records at the check of step ${check.step} are out of order: ${before.agentId} (startedAt ${JSON.stringify(before.startedAt)}) comes before ${after.agentId} (startedAt ${JSON.stringify(after.startedAt)})`, {
          step: check.step,
          // the order around the first pair out of place (a few records either side), and where that window starts
          order: records.slice(Math.max(0, at - 4), at + 4).map((r) => ({ agentId: r.agentId, startedAt: r.startedAt })),
          orderFrom: Math.max(0, at - 4),
          at,
        })
      }
    }
    const checks = orderedChecks(run.checks)
    pre(checks.length > 0, fewer)
    const unanswered = checks.find((c) => c.records === undefined)
    if (unanswered) return unknown(`the check of step ${unanswered.step} got no records back (agent-log.records was not answered), so their order was never seen`)
    const judged = checks.filter((c) => c.records!.length >= 2)
    if (judged.length === 0) return unknown('no check that required two rows or more answered two records: there was no order to see')
    // each check's order is named up to a few agents, then counted: a run of thousands keeps its reports small
    const named = (c: (typeof judged)[number]) => c.records!.slice(0, namedAgents).map((r) => r.agentId)
    const line = judged.map((c) => `${named(c).join(', ')}${c.records!.length > namedAgents ? `, … (${counted(c.records!.length, 'record')})` : ''} (step ${c.step})`).join('; ')
    return held(`${counted(judged.length, 'check')} answered ${counted(judged.reduce((n, c) => n + c.records!.length, 0), 'record')} oldest first, by startedAt then agentId: ${line}`, {
      checks: judged.length,
      orders: judged.map(named),
      records: judged.map((c) => c.records!.length),
    })
  },
})

/** How many agents of each check the held evidence and figures name, in order; the rest are counted. */
const namedAgents = 8

/** Checks durability/records-ordered (returns the result). */
export const checkRecordsOrdered = recordsOrdered.check
/** Asserts durability/records-ordered (throws unless held). */
export const assertRecordsOrdered = recordsOrdered.assert
