import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import { broken, held, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import { withDamaged } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { requiredRows } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { AgentLogRun, RowRead } from '#harness/contracts/agent-log/agent-log-run.ts'

/** How a row contract words its result: which agents it requires, why none may be required, and its messages. */
export interface RowRule {
  /** The agents whose rows this contract requires at a check (in a writable workspace). */
  which: (agent: ExpectedAgent) => boolean
  /** Why the scenario gives it nothing to judge when no check requires such a row. */
  none: string
  /** The broken message for a row that is missing or shows another status. */
  missing: (read: RowRead, run: AgentLogRun) => string
  /** Extra witness fields for a broken row. */
  witness?: (read: RowRead, run: AgentLogRun) => Record<string, unknown>
  /** What the evidence line adds after the rows read ("after a kill -9 and a restart"). */
  after?: (reads: RowRead[], run: AgentLogRun) => string
  /** Extra figures for a held result. */
  figures?: (reads: RowRead[], run: AgentLogRun) => Record<string, unknown>
}

/**
 * Judges the rows a contract requires: broken when a check's records show such an agent with no row or another
 * status; unknown when a check that requires one got no records; not-applicable when no check requires one; held
 * with each row read back ("fixer-2: 1 row, status running"). A check of a store the kit damaged requires no row.
 */
export function judgeRows(run: AgentLogRun, rule: RowRule): ContractResult {
  // one pass over the run's rows, those the rule requires only (a row it breaks on means one was required)
  const reads: RowRead[] = []
  let required = 0
  let unanswered: RowRead | undefined
  for (const read of requiredRows(run)) {
    if (!rule.which(read.agent)) continue
    required += 1
    if (read.check.records === undefined) {
      unanswered ??= read
      continue
    }
    if (!read.statusAsExpected) {
      return broken(rule.missing(read, run), { agentId: read.agent.agentId, step: read.check.step, expected: read.agent.status, row: read.record ?? null, ...rule.witness?.(read, run) })
    }
    reads.push(read)
  }
  pre(required > 0, withDamaged(rule.none, run.checks))
  if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back (agent-log.records was not answered), so ${unanswered.agent.agentId}'s row was never seen`)
  const after = rule.after?.(reads, run)
  // the figures keep the first reads whole and count the rest: a run of thousands of agents keeps its reports small
  return held(`${rowsLine(reads, run.agents)}${after ? `, ${after}` : ''}`, { ...rowsFigures(reads), ...rule.figures?.(reads, run) })
}

/** How many reads the held figures list one by one (`rowsRead` counts them all). */
const figureRows = 100

/** The held figures of rows read back: the first `figureRows` one by one, how many were read, at how many checks. */
export function rowsFigures(reads: readonly RowRead[]): { rows: Array<Record<string, unknown>>; rowsRead: number; checks: number } {
  return { rows: reads.slice(0, figureRows).map(rowFigures), rowsRead: reads.length, checks: checksOf(reads) }
}

/** How many checks a list of reads spans (reads come in check order). */
function checksOf(reads: readonly RowRead[]): number {
  let checks = 0
  let last: AgentLogRun['checks'][number] | undefined
  for (const read of reads) if (read.check !== last) (checks += 1), (last = read.check)
  return checks
}

/** How many agents the evidence names one by one; past that it says how many agents read back each way. */
const namedAgents = 8

const count = new Intl.NumberFormat('en-US')

/** What the rows of one agent showed over the checks: its statuses (a change of status starts a new one) and the row counts seen. */
interface AgentRows {
  agentId: string
  /** The statuses seen, in order, joined by ' then '. */
  statuses: string
  /** The row counts seen, in order, each once. */
  counts: number[]
}

/**
 * The rows read back, agent by agent, with the statuses seen: "gate-2: 1 row, status completed; reviewer-2: 1 row,
 * status running then failed". Past a few agents, agents read back alike are counted together, two named, so the
 * line stays short however many agents a run records: "19,998 agents (gate-1, gate-2, …): 1 row, status completed".
 * `agents`: how many the run's plan records (every agent's index is below it).
 */
export function rowsLine(reads: readonly RowRead[], agents: number): string {
  // one pass, kept in arrays in the order agents are first read (by their index: no map, no object per agent)
  const slotOf = new Int32Array(agents)
  const ids: string[] = []
  const statuses: string[] = []
  const lasts: string[] = []
  const firstCounts: number[] = []
  const moreCounts = new Map<number, number[]>() // the counts after the first, of the few agents that showed more than one
  for (const read of reads) {
    const status = read.statusAsExpected ? read.agent.status : (read.record?.status ?? '')
    const slot = slotOf[read.agent.index]
    if (slot === undefined) throw new RangeError(`rowsLine: agent index ${read.agent.index} is not below the plan's ${agents} agents`)
    if (slot === 0) {
      slotOf[read.agent.index] = ids.push(read.agent.agentId)
      statuses.push(status), lasts.push(status), firstCounts.push(read.count)
      continue
    }
    const i = slot - 1
    if (lasts[i] !== status) (statuses[i] += ` then ${status}`), (lasts[i] = status)
    if (firstCounts[i] !== read.count) {
      const more = moreCounts.get(i)
      if (!more) moreCounts.set(i, [read.count])
      else if (!more.includes(read.count)) more.push(read.count)
    }
  }
  const agentRows = (i: number): AgentRows => ({ agentId: ids[i]!, statuses: statuses[i]!, counts: [firstCounts[i]!, ...(moreCounts.get(i) ?? [])] })
  const checks = checksOf(reads)
  const suffix = checks > 1 ? ` (${count.format(checks)} checks)` : ''
  const describe = ({ statuses, counts }: AgentRows) => `${counts.length === 1 && counts[0] === 1 ? '1 row' : `${counts.map((n) => count.format(n)).join(' or ')} rows`}, status ${statuses}`
  if (ids.length <= namedAgents) return `${ids.map((id, i) => `${id}: ${describe(agentRows(i))}`).join('; ')}${suffix}`
  // agents read back alike are counted together, the first two named (keyed by their statuses alone when they had one
  // row at every check, as nearly all do: no text made per agent)
  const alike = new Map<string, { first: number; ids: string[]; agents: number }>()
  for (let i = 0; i < ids.length; i++) {
    const key = firstCounts[i] === 1 && !moreCounts.has(i) ? statuses[i]! : `\u0000${describe(agentRows(i))}`
    const group = alike.get(key)
    if (!group) alike.set(key, { first: i, ids: [ids[i]!], agents: 1 })
    else if ((group.agents += 1) <= 2) group.ids.push(ids[i]!)
  }
  const groups = [...alike.values()].map(({ first, ids, agents }) => `${count.format(agents)} agent${agents === 1 ? '' : 's'} (${ids.join(', ')}${agents > 2 ? ', …' : ''}): ${describe(agentRows(first))}`)
  return `${groups.join('; ')}${suffix}`
}

function rowFigures(read: RowRead): Record<string, unknown> {
  return { agentId: read.agent.agentId, step: read.check.step, rows: read.count, status: read.record?.status ?? null }
}
