import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, requiredRows } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { AgentLogCheck } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, withDamaged } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'
import { visible } from '#harness/contracts/text-difference.ts'
import { recordsRead } from '#harness/contracts/agent-log/records-read.ts'
import { chatAgentsBefore, chatAgentsOf, type ChatAgent } from '#harness/contracts/agent-log/scoped-control.ts'

const alone = 'no check of a writable workspace with agents of its own follows agents of another session in the same workspace: no session’s records could show another’s'

/** The checks that must keep sessions apart: of a writable workspace, with agents of their own, after another session recorded agents there. */
const apartChecks = <C extends PlannedCheck>(checks: C[]): C[] => checks.filter((c) => c.writable && c.others.agents > 0 && c.expected.length > 0)

/**
 * durability/sessions-apart: A session's records show only its own agents: never a record of another session, even
 * one with the same agent id in the same workspace.
 */
export const sessionsApart = defineContract<AgentLogHistory>({
  id: 'durability/sessions-apart',
  statement: "A session's records show only its own agents: never a record of another session, even one with the same agent id in the same workspace.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => {
    const { checks } = agentLogPlan(scenario.given, scenario.steps)
    return apartChecks(checks).length > 0 ? true : withDamaged(alone, checks)
  },
  check(history) {
    const run = agentLogRun(history)
    // how many rows of each check name an agent the check expects (the run's rows, counted once)
    const ownRows = new Map<AgentLogCheck, number>()
    for (const row of requiredRows(run)) ownRows.set(row.check, (ownRows.get(row.check) ?? 0) + row.count)
    // an agent the session recorded while it had no workspace, shown in its workspace's store, is durability/scoped's
    const chat = chatAgentsOf(run.calls)
    // a record of another session (or of no agent this session recorded) is broken wherever it shows
    for (const check of run.checks) {
      const foreign = foreignRecords(check, ownRows, chat)
      if (foreign.length > 0) {
        const first = foreign[0]
        const more = foreign.length > 1 ? ` (and ${counted(foreign.length - 1, 'more record')} not its own)` : ''
        return broken(`the records of session ${check.sessionId} at the check of step ${check.step} show ${visible(String(first.agentId))} of ${first.sessionId === check.sessionId ? 'no agent this session recorded' : `session ${visible(String(first.sessionId))}`}${more}`, {
          session: check.sessionId,
          step: check.step,
          // the first few, and how many in all
          foreign: foreign.slice(0, 5),
          foreignRecords: foreign.length,
        })
      }
    }
    const checks = apartChecks(run.checks)
    pre(checks.length > 0, withDamaged(alone, run.checks))
    const unanswered = checks.find((c) => c.records === undefined)
    if (unanswered) return unknown(`the check of step ${unanswered.step} got no records back (agent-log.records was not answered), so session ${unanswered.sessionId}'s records were never compared with the others'`)
    const shown = checks.filter((c) => (c.records ?? []).length > 0)
    if (shown.length === 0) return unknown('every check after agents of another session answered no record at all, so keeping sessions apart was never seen')
    const line = shown.map((c) => `session ${c.sessionId} at step ${c.step}: ${counted(c.records!.length, 'record')}, none of the ${counted(c.others.agents, 'agent')} of ${c.others.sessions.join(', ')}`)
    return held(`${line.join('; ')}`, { checks: shown.length, sessions: [...new Set(run.checks.map((c) => c.sessionId))].length, records: shown.map((c) => c.records!.length), others: shown.map((c) => c.others.agents) })
  },
})

/** The records of a check that are not its session's: another session's id, or an agent this session never recorded (one it recorded with no workspace is durability/scoped's). */
function foreignRecords(check: AgentLogCheck, ownRows: ReadonlyMap<AgentLogCheck, number>, chat: ReadonlyMap<string, ChatAgent[]>): Array<{ sessionId: string; agentId: string }> {
  if (!check.writable || check.records === undefined) return []
  // no record is foreign when every one names this session and the rows of its own agents account for them all (the
  // records and the rows were each read once per run: nothing made per record here)
  const read = recordsRead(check.records, check.sessionId)
  if (read.otherSession === 0 && ownRows.get(check) === read.objects) return []
  const ids = new Set([...check.expected, ...chatAgentsBefore(check, chat)].map((a) => a.agentId))
  return check.records.filter((r) => typeof r === 'object' && r !== null && (r.sessionId !== check.sessionId || !ids.has(r.agentId))).map((r) => ({ sessionId: String(r.sessionId), agentId: String(r.agentId) }))
}

/** Checks durability/sessions-apart (returns the result). */
export const checkSessionsApart = sessionsApart.check
/** Asserts durability/sessions-apart (throws unless held). */
export const assertSessionsApart = sessionsApart.assert
