import type { PlannedCall, PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'

/**
 * What `durability/scoped` judges in a run's steps. Until the first start or completion of a session with a writable
 * workspace, nothing may be made: the **quiet** checks are those before it. Some of them are evidence — a check of a
 * session with no workspace (after its calls, or a read alone), or a read of a writable workspace that has no store
 * yet — and only beside the positive control: a later check, in the same process, of a writable workspace with an
 * agent recorded, without which "made nothing" cannot be told from "did nothing".
 */
export interface ScopedPlan<C extends PlannedCheck = PlannedCheck, K extends PlannedCall = PlannedCall> {
  chatCalls: K[]
  /** Every check before the first write of a writable workspace: the sandbox must hold nothing the run made at each. */
  quietChecks: C[]
  /** The quiet checks that show something: a session with no workspace, or a read of a writable workspace with no store. */
  evidence: C[]
  /** The first check after the last evidence, in the same process, of a writable workspace that requires a row. */
  control?: C
  /** The checks of a writable workspace after its session recorded agents with no workspace: none of those may show there (the store would have been written by a session with no workspace). */
  chatThenWorkspace: Array<{ check: C; chatAgents: ChatAgent[] }>
  /** The checks of a session with no workspace after the first write (earlier ones are quiet checks) whose listing, compared with the check's before in the same process, spans only calls of sessions with no workspace: nothing may be added. */
  chatListings: Array<{ check: C; before: C }>
}

/** An agent a session recorded with no workspace: its id and the step of its first call. */
export interface ChatAgent {
  agentId: string
  step: number
}

/**
 * The agents each session recorded with no workspace, by session, each with its first call, in order: what a check of
 * that session in a writable workspace must never show unless the session also recorded it there.
 */
export function chatAgentsOf<K extends PlannedCall>(calls: readonly K[]): Map<string, ChatAgent[]> {
  const bySession = new Map<string, ChatAgent[]>()
  for (const call of calls) {
    if (call.workspace !== 'none') continue
    const agents = bySession.get(call.sessionId) ?? []
    if (!agents.some((a) => a.agentId === call.agentId)) agents.push({ agentId: call.agentId, step: call.step })
    bySession.set(call.sessionId, agents)
  }
  return bySession
}

/** The agents session `check.sessionId` recorded with no workspace before `check`, and not in this check's workspace. */
export function chatAgentsBefore(check: PlannedCheck, chat: ReadonlyMap<string, ChatAgent[]>): ChatAgent[] {
  const agents = chat.get(check.sessionId)
  if (!agents || check.workspace === 'none') return []
  const own = new Set(check.expected.map((a) => a.agentId))
  return agents.filter((a) => a.step < check.step && !own.has(a.agentId))
}

/** Finds the calls, checks and control `durability/scoped` judges, from a plan (or a run, with what it got). */
export function scopedPlan<C extends PlannedCheck, K extends PlannedCall>(plan: { checks: C[]; calls: K[] }): ScopedPlan<C, K> {
  const chatCalls = plan.calls.filter((c) => c.workspace === 'none')
  const firstWrite = plan.calls.find((c) => c.writable)?.step ?? Infinity
  const quietChecks = plan.checks.filter((c) => c.step < firstWrite)
  const evidence = quietChecks.filter((c) => c.workspace === 'none' || c.writable)
  const last = evidence.at(-1)
  const control = last && plan.checks.find((c) => c.step > last.step && c.process === last.process && c.writable && c.expected.length > 0)
  const chat = chatAgentsOf(chatCalls)
  const chatThenWorkspace = chat.size === 0 ? [] : plan.checks.flatMap((check) => {
    const chatAgents = check.writable && check.expected.length > 0 ? chatAgentsBefore(check, chat) : []
    return chatAgents.length > 0 ? [{ check, chatAgents }] : []
  })
  const chatListings: Array<{ check: C; before: C }> = []
  if (chatCalls.length > 0) {
    plan.checks.forEach((check, index) => {
      const before = plan.checks[index - 1]
      if (check.workspace !== 'none' || check.step < firstWrite || !before || before.process !== check.process) return
      const between = plan.calls.filter((c) => c.step > before.step && c.step < check.step)
      if (between.length > 0 && between.every((c) => c.workspace === 'none')) chatListings.push({ check, before })
    })
  }
  return { chatCalls, quietChecks, evidence, ...(control ? { control } : {}), chatThenWorkspace, chatListings }
}

/** Why a plan does not exercise `durability/scoped`, or true. */
export function scopedExercised(plan: ScopedPlan): true | string {
  if (plan.chatThenWorkspace.length > 0) return true
  if (plan.evidence.length === 0) {
    if (plan.chatCalls.length > 0) return 'no check follows the calls of the session with no workspace, so the sandbox is never listed after them'
    return 'every session has a workspace and every check follows its first write: no check looks for a store made too soon'
  }
  if (!plan.control) return noControl
  return true
}

/** The reason of a run (or scenario) with no positive control for `durability/scoped`. */
export const noControl =
  'no control: no later check in the same process reads back an agent of a writable workspace (a `setup: { workspace: sandboxed }` step or a start, an agent, a check), so making nothing cannot be told from doing nothing'
