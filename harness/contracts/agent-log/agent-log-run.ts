import type { AgentLogHistory } from '#harness/history/history.ts'
import type { AgentRecord } from '#harness/ports/agent-log-port.ts'

/** What the kit expects of one agent at a check, from the steps so far: started, and maybe completed with a status. */
export interface ExpectedAgent {
  agentId: string
  status: string
  /** UI events (activity and agent events) since this agent's last event. */
  eventsSince: number
  /** A kill or restart came between this agent's last event and the check. */
  restartedSince: boolean
}

/** One `records` read and what the steps so far say it must show. */
export interface AgentLogCheck {
  step: number
  records?: AgentRecord[]
  expected: ExpectedAgent[]
}

/** An agent-log run as the contracts read it: the given, each check with its expectations, failed calls, lifecycle and sandbox notes. */
export interface AgentLogRun {
  workspace: 'sandboxed' | 'none'
  store: 'writable' | 'unwritable'
  uiEventCap: number
  checks: AgentLogCheck[]
  /** Agent calls answered with an error (an error that reached the agent). */
  failedCalls: Array<{ f: string; message: string }>
  stderr: string
  sandbox: { files: string[]; decoyUntouched: boolean }
}

/** Reads an agent-log History and replays its steps into the expectations each check is judged against. */
export function agentLogRun(history: AgentLogHistory): AgentLogRun {
  const given = history.given as { workspace: AgentLogRun['workspace']; store: AgentLogRun['store']; uiEventCap: number }
  const steps = (history.oracle as { steps: unknown[] }).steps
  const agents = new Map<string, ExpectedAgent>()
  const checks: AgentLogCheck[] = []
  const results = new Map<number, AgentRecord[]>()
  for (const e of history.events) {
    if (e.type === 'ok' && e.f === 'agent-log.records') results.set((history.events[e.invoke] as { step: number }).step, e.value as AgentRecord[])
  }
  const seen = (count: number) => agents.forEach((a) => (a.eventsSince += count))
  steps.forEach((step, index) => {
    if (step === 'kill' || step === 'restart') agents.forEach((a) => (a.restartedSince = true))
    else if (step === 'check') checks.push({ step: index, records: results.get(index), expected: [...agents.values()].map((a) => ({ ...a })) })
    else if (typeof step === 'object' && step !== null) {
      const s = step as { start?: { agent: string }; complete?: { agent: string; status: string }; activity?: number }
      if (s.activity) seen(s.activity)
      const id = s.start?.agent ?? s.complete?.agent
      if (id) {
        seen(1)
        const before = agents.get(id)
        agents.set(id, { agentId: id, status: s.complete ? s.complete.status : (before?.status ?? 'running'), eventsSince: 0, restartedSince: false })
      }
    }
  })
  const notes = (what: string) => history.events.flatMap((e) => (e.type === 'note' && e.what === what ? [e.value as Record<string, unknown>] : []))
  const sandbox = (notes('sandbox')[0] ?? { files: [], decoyUntouched: true }) as AgentLogRun['sandbox']
  const stderr = [...notes('process killed'), ...notes('process stopped')].map((n) => String(n.stderr ?? '')).join('')
  const failedCalls = history.events.flatMap((e) => (e.type === 'fail' && (e.f === 'agent-log.agentStarted' || e.f === 'agent-log.agentCompleted') ? [{ f: e.f, message: e.error?.message ?? '' }] : []))
  return { ...given, checks, failedCalls, stderr, sandbox }
}

/** The record of an agent in a check's records, and how many records name it. */
export function recordOf(check: AgentLogCheck, agentId: string): { record?: AgentRecord; count: number } {
  const rows = (check.records ?? []).filter((r) => r.agentId === agentId)
  return { record: rows[0], count: rows.length }
}

/**
 * The first agent, among those `which` picks at each check, whose row the check does not show with the status the
 * steps require; undefined when every one is there. Only a run with a writable workspace store is judged.
 */
export function firstMissingRow(run: AgentLogRun, which: (agent: ExpectedAgent) => boolean): { check: AgentLogCheck; agent: ExpectedAgent; record?: AgentRecord } | undefined {
  if (run.workspace === 'none' || run.store === 'unwritable') return undefined
  for (const check of run.checks) {
    for (const agent of check.expected.filter(which)) {
      const { record } = recordOf(check, agent.agentId)
      if (record?.status !== agent.status) return { check, agent, record }
    }
  }
  return undefined
}

/** How a missing or wrong row reads in a message: `gone`, or `shown as failed, not running,`. */
export function rowState(missing: { agent: ExpectedAgent; record?: AgentRecord }): string {
  return missing.record ? `shown as ${missing.record.status}, not ${missing.agent.status},` : 'gone'
}
