import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import { broken, held, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
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
 * with each row read back ("fixer-2: 1 row, status running").
 */
export function judgeRows(run: AgentLogRun, rule: RowRule): ContractResult {
  const required = requiredRows(run).filter((read) => rule.which(read.agent))
  pre(required.length > 0, rule.none)
  const reads: RowRead[] = []
  let unanswered: RowRead | undefined
  for (const read of required) {
    if (read.check.records === undefined) {
      unanswered ??= read
      continue
    }
    if (!read.statusAsExpected) {
      return broken(rule.missing(read, run), { agentId: read.agent.agentId, step: read.check.step, expected: read.agent.status, row: read.record ?? null, ...rule.witness?.(read, run) })
    }
    reads.push(read)
  }
  if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back (agent-log.records was not answered), so ${unanswered.agent.agentId}'s row was never seen`)
  const after = rule.after?.(reads, run)
  // the figures keep the first reads whole and count the rest: a run of thousands of agents keeps its reports small
  return held(`${rowsLine(reads)}${after ? `, ${after}` : ''}`, { ...rowsFigures(reads), ...rule.figures?.(reads, run) })
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

/**
 * The rows read back, agent by agent, with the statuses seen: "gate-2: 1 row, status completed; reviewer-2: 1 row,
 * status running then failed". Past a few agents, agents read back alike are counted together, two named, so the
 * line stays short however many agents a run records: "19,998 agents (gate-1, gate-2, …): 1 row, status completed".
 */
export function rowsLine(reads: readonly RowRead[]): string {
  // one pass: per agent, its statuses (a change of status starts a new one) and the distinct row counts seen
  const byAgent = new Map<string, { statuses: string[]; counts: number[] }>()
  for (const read of reads) {
    const status = read.statusAsExpected ? read.agent.status : (read.record?.status ?? '')
    const seen = byAgent.get(read.agent.agentId)
    if (!seen) byAgent.set(read.agent.agentId, { statuses: [status], counts: [read.count] })
    else {
      if (seen.statuses[seen.statuses.length - 1] !== status) seen.statuses.push(status)
      if (!seen.counts.includes(read.count)) seen.counts.push(read.count)
    }
  }
  const checks = checksOf(reads)
  const suffix = checks > 1 ? ` (${count.format(checks)} checks)` : ''
  const describe = ({ statuses, counts }: { statuses: string[]; counts: number[] }) =>
    `${counts.length === 1 && counts[0] === 1 ? '1 row' : `${counts.map((n) => count.format(n)).join(' or ')} rows`}, status ${statuses.length === 1 ? statuses[0] : statuses.join(' then ')}`
  if (byAgent.size <= namedAgents) return `${[...byAgent].map(([id, seen]) => `${id}: ${describe(seen)}`).join('; ')}${suffix}`
  // agents read back alike are counted together, the first two named
  const alike = new Map<string, { ids: string[]; agents: number }>()
  for (const [id, seen] of byAgent) {
    const what = describe(seen)
    const group = alike.get(what)
    if (!group) alike.set(what, { ids: [id], agents: 1 })
    else if ((group.agents += 1) <= 2) group.ids.push(id)
  }
  const groups = [...alike].map(([what, { ids, agents }]) => `${count.format(agents)} agent${agents === 1 ? '' : 's'} (${ids.join(', ')}${agents > 2 ? ', …' : ''}): ${what}`)
  return `${groups.join('; ')}${suffix}`
}

function rowFigures(read: RowRead): Record<string, unknown> {
  return { agentId: read.agent.agentId, step: read.check.step, rows: read.count, status: read.record?.status ?? null }
}
