import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import { broken, held, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import { agentsAtChecks } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { AgentLogCheck, AgentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'

/** One row the kit required at a check and what the records read back there showed for it. */
export interface RowRead {
  check: AgentLogCheck
  agent: ExpectedAgent
  record?: AgentRecord
  count: number
}

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
  const required = agentsAtChecks(run, rule.which)
  pre(required.length > 0, rule.none)
  const reads: RowRead[] = []
  for (const { check, agent } of required) {
    if (check.records === undefined) continue
    const read = { check, agent, ...recordOf(check, agent.agentId) }
    if (read.record?.status !== agent.status) {
      return broken(rule.missing(read, run), { agentId: agent.agentId, step: check.step, expected: agent.status, row: read.record ?? null, ...rule.witness?.(read, run) })
    }
    reads.push(read)
  }
  const unanswered = required.find(({ check }) => check.records === undefined)
  if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back (agent-log.records was not answered), so ${unanswered.agent.agentId}'s row was never seen`)
  const after = rule.after?.(reads, run)
  // the figures keep the first reads whole and count the rest: a run of thousands of agents keeps its reports small
  return held(`${rowsLine(reads)}${after ? `, ${after}` : ''}`, { rows: reads.slice(0, figureRows).map(rowFigures), rowsRead: reads.length, checks: new Set(reads.map((r) => r.check.step)).size, ...rule.figures?.(reads, run) })
}

/** How many reads the held figures list one by one (`rowsRead` counts them all). */
const figureRows = 100

/** How many agents the evidence names one by one; past that it says how many agents read back each way. */
const namedAgents = 8

const count = new Intl.NumberFormat('en-US')

/**
 * The rows read back, agent by agent, with the statuses seen: "gate-2: 1 row, status completed; reviewer-2: 1 row,
 * status running then failed". Past a few agents, agents read back alike are counted together, two named, so the
 * line stays short however many agents a run records: "19,998 agents (gate-1, gate-2, …): 1 row, status completed".
 */
export function rowsLine(reads: readonly RowRead[]): string {
  const byAgent = new Map<string, RowRead[]>()
  for (const read of reads) {
    const seen = byAgent.get(read.agent.agentId)
    if (seen) seen.push(read)
    else byAgent.set(read.agent.agentId, [read])
  }
  const checks = new Set(reads.map((r) => r.check.step)).size
  const described = [...byAgent].map(([id, seen]): [string, string] => {
    const statuses = seen.map((r) => r.record?.status ?? '').filter((s, i, all) => i === 0 || all[i - 1] !== s)
    const counts = [...new Set(seen.map((r) => r.count))]
    return [id, `${counts.map((n) => count.format(n)).join(' or ')} row${counts.length === 1 && counts[0] === 1 ? '' : 's'}, status ${statuses.join(' then ')}`]
  })
  const suffix = checks > 1 ? ` (${count.format(checks)} checks)` : ''
  if (described.length <= namedAgents) return `${described.map(([id, what]) => `${id}: ${what}`).join('; ')}${suffix}`
  const alike = new Map<string, string[]>()
  for (const [id, what] of described) {
    const ids = alike.get(what)
    if (ids) ids.push(id)
    else alike.set(what, [id])
  }
  const groups = [...alike].map(([what, ids]) => `${count.format(ids.length)} agent${ids.length === 1 ? '' : 's'} (${ids.slice(0, 2).join(', ')}${ids.length > 2 ? ', …' : ''}): ${what}`)
  return `${groups.join('; ')}${suffix}`
}

function rowFigures(read: RowRead): Record<string, unknown> {
  return { agentId: read.agent.agentId, step: read.check.step, rows: read.count, status: read.record?.status ?? null }
}
