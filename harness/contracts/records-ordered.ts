import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, withDamaged } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'
import { recordsRead } from '#harness/contracts/agent-log/records-read.ts'
import { quoted, visible, visibleJson } from '#harness/contracts/text-difference.ts'

/** A startedAt as a message shows it: a text quoted with every invisible character escaped, anything else as JSON. */
const said = (value: unknown) => (typeof value === 'string' ? quoted(value) : visibleJson(value, 80))

const fewer = 'no check of a writable workspace reads back two agents or more: there is no order to judge'

/** The checks that require two rows or more, whose order can be judged. */
const orderedChecks = <C extends PlannedCheck>(checks: C[]): C[] => checks.filter((c) => c.writable && c.expected.length >= 2)

/**
 * durability/records-ordered: A session's records come oldest first (as `inRecordOrder` compares them): by startedAt,
 * then by agentId, each compared as text (a record with no start, startedAt '', comes first). Exercised only where a
 * scenario names it; judged wherever a check answers two records or more, but for a store the kit damaged.
 */
export const recordsOrdered = defineContract<AgentLogHistory>({
  id: 'durability/records-ordered',
  statement: "A session's records come oldest first: ordered by startedAt, then agentId, each compared as text.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercise: 'named',
  exercisedBy: (scenario) => {
    const { checks } = agentLogPlan(scenario.given, scenario.steps)
    return orderedChecks(checks).length > 0 ? true : withDamaged(fewer, checks)
  },
  check(history) {
    const run = agentLogRun(history)
    for (const check of run.checks) {
      // what a store the kit damaged still gives is not judged: its order is the order of what survived
      const at = check.records === undefined || check.damaged !== undefined ? -1 : recordsRead(check.records, check.sessionId).outOfOrderAt
      if (at > 0) {
        const records = (check.records ?? []).filter((r) => typeof r === 'object' && r !== null)
        const [before, after] = [records[at - 1], records[at]]
        return broken(`the records at the check of step ${check.step} are out of order: ${visible(String(before.agentId))} (startedAt ${said(before.startedAt)}) comes before ${visible(String(after.agentId))} (startedAt ${said(after.startedAt)})`, {
          step: check.step,
          // the order around the first pair out of place (a few records either side), and where that window starts
          order: records.slice(Math.max(0, at - 4), at + 4).map((r) => ({ agentId: r.agentId, startedAt: r.startedAt })),
          orderFrom: Math.max(0, at - 4),
          at,
        })
      }
    }
    const startOrder = outOfStartOrder(run)
    if (startOrder) {
      const { check, earlier, later, gapMs } = startOrder
      return broken(
        `the records at the check of step ${check.step} are not in the order the agents started: ${earlier.agentId} was started first (its start answered ${gapMs} ms before ${later.agentId}'s was sent), yet comes after it — startedAt ${said(earlier.startedAt)} and ${said(later.startedAt)} do not tell the two starts apart`,
        { step: check.step, first: { agentId: earlier.agentId, startedAt: earlier.startedAt }, then: { agentId: later.agentId, startedAt: later.startedAt }, apartMs: gapMs },
      )
    }
    const checks = orderedChecks(run.checks)
    pre(checks.length > 0, withDamaged(fewer, run.checks))
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

/**
 * How far apart (ms, on the kit's clock) the answer of one start and the sending of the next must be for their
 * timestamps — milliseconds, as toISOString() writes them — to differ surely: 1 ms apart on the implementation's clock,
 * and 1 ms for the two clocks' reading.
 */
export const startsApartMs = 2

/**
 * The first pair a check answered against the order the agents were started: a record whose last start was answered
 * at least `startsApartMs` before the start of a record answered before it was sent. The stamps of such starts differ
 * in the milliseconds, so oldest first puts the earlier one first whatever the agentIds; a log whose stamps tie them
 * (whole seconds) answers them in agentId order instead.
 */
function outOfStartOrder(run: ReturnType<typeof agentLogRun>) {
  const starts = new Map(run.calls.filter((c) => c.f === 'agent-log.agentStarted' && c.outcome === 'ok').map((c) => [`${c.sessionId}\u0000${c.step}`, c]))
  for (const check of run.checks) {
    if (!check.writable || check.records === undefined || check.records.length < 2) continue
    const startOf = new Map(check.expected.map((a) => [a.agentId, a.startStep === undefined ? undefined : starts.get(`${a.sessionId}\u0000${a.startStep}`)]))
    let latest: { record: (typeof check.records)[number]; sentAt: number } | undefined
    for (const record of check.records) {
      if (typeof record !== 'object' || record === null) continue
      // a record that lost its start time ('') is record-faithful's to judge: it comes first, and says nothing of when
      const start = record.startedAt === '' ? undefined : startOf.get(record.agentId)
      if (start?.sentAt === undefined || start.answeredAt === undefined) continue
      if (latest && start.answeredAt + startsApartMs <= latest.sentAt) {
        return { check, earlier: record, later: latest.record, gapMs: Math.round((latest.sentAt - start.answeredAt) * 10) / 10 }
      }
      if (!latest || start.sentAt > latest.sentAt) latest = { record, sentAt: start.sentAt }
    }
  }
  return undefined
}

/** How many agents of each check the held evidence and figures name, in order; the rest are counted. */
const namedAgents = 8

/** Checks durability/records-ordered (returns the result). */
export const checkRecordsOrdered = recordsOrdered.check
/** Asserts durability/records-ordered (throws unless held). */
export const assertRecordsOrdered = recordsOrdered.assert
