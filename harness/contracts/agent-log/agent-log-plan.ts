import type { AgentLogScenario, AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'

/** Where a session's store may live: a workspace in the sandbox, or none (a plain chat session). */
export type AgentLogWorkspace = 'sandboxed' | 'none'

/** What the kit expects of one agent at a check, from the steps so far: started, and maybe completed with a status. */
export interface ExpectedAgent {
  agentId: string
  status: string
  /** Its start was recorded (in this session's workspace). */
  started: boolean
  /** Its completion was recorded (in this session's workspace). */
  completed: boolean
  /** UI events (activity and agent events) since this agent's last event. */
  eventsSince: number
  /** A kill or restart came between this agent's last event and the check. */
  restartedSince: boolean
}

/** One `check` step: the session's workspace at that point, whether its store can be written, and what it must show. */
export interface PlannedCheck {
  step: number
  workspace: AgentLogWorkspace
  /** A workspace whose store can be written: only such a check requires rows. */
  writable: boolean
  /** Which process of the run makes it: 0 for the first, one more after each kill or restart. */
  process: number
  /** The agents recorded in this workspace so far (none are expected for a session with no workspace). */
  expected: ExpectedAgent[]
}

/** One start or completion call the steps make, and the session it is made in. */
export interface PlannedCall {
  step: number
  f: 'agent-log.agentStarted' | 'agent-log.agentCompleted'
  agentId: string
  workspace: AgentLogWorkspace
  writable: boolean
  process: number
}

/** What the steps of an agent-log scenario make the kit expect, decided from the scenario alone: its checks and agent calls. */
export interface AgentLogPlan {
  store: 'writable' | 'unwritable'
  uiEventCap: number
  checks: PlannedCheck[]
  calls: PlannedCall[]
}

/** The given of an agent-log scenario, as the History keeps it (defaults applied). */
export type AgentLogGiven = AgentLogScenario['given']

/**
 * Replays a scenario's steps into what each check must show: the agents recorded in the session's workspace so far
 * (a `setup` step opens another session, in the same process, with its own workspace or none), their status, the UI
 * events since their last event, and whether a kill or restart came between.
 */
export function agentLogPlan(given: AgentLogGiven, steps: readonly AgentLogStep[]): AgentLogPlan {
  const byWorkspace = new Map<AgentLogWorkspace, Map<string, ExpectedAgent>>([
    ['sandboxed', new Map()],
    ['none', new Map()],
  ])
  const all = () => [...byWorkspace.values()].flatMap((agents) => [...agents.values()])
  const checks: PlannedCheck[] = []
  const calls: PlannedCall[] = []
  let workspace = given.workspace as AgentLogWorkspace
  let processIndex = 0
  const writable = () => workspace === 'sandboxed' && given.store === 'writable'
  steps.forEach((step, index) => {
    if (step === 'kill' || step === 'restart') {
      all().forEach((a) => (a.restartedSince = true))
      processIndex += 1
    } else if (step === 'check') checks.push({ step: index, workspace, writable: writable(), process: processIndex, expected: [...byWorkspace.get(workspace)!.values()].map((a) => ({ ...a })) })
    else if (typeof step === 'object') {
      if ('setup' in step) workspace = step.setup.workspace as AgentLogWorkspace
      else if ('activity' in step) all().forEach((a) => (a.eventsSince += step.activity))
      else {
        const id = 'start' in step ? step.start.agent : step.complete.agent
        all().forEach((a) => (a.eventsSince += 1))
        const agents = byWorkspace.get(workspace)!
        const before = agents.get(id)
        const started = 'start' in step || (before?.started ?? false)
        const status = 'complete' in step ? step.complete.status : 'running'
        agents.set(id, { agentId: id, status, started, completed: 'complete' in step, eventsSince: 0, restartedSince: false })
        calls.push({ step: index, f: 'start' in step ? 'agent-log.agentStarted' : 'agent-log.agentCompleted', agentId: id, workspace, writable: writable(), process: processIndex })
      }
    }
  })
  return { store: given.store as AgentLogPlan['store'], uiEventCap: given.uiEventCap, checks, calls }
}

/** The agents a check requires rows for (in a writable workspace) that `which` picks, with the check. */
export function agentsAtChecks<C extends PlannedCheck>(plan: { checks: C[] }, which: (agent: ExpectedAgent) => boolean = () => true): Array<{ check: C; agent: ExpectedAgent }> {
  return plan.checks.flatMap((check) => (check.writable ? check.expected.filter(which).map((agent) => ({ check, agent })) : []))
}

/** An agent that is still running at a check (started, never completed). */
export const isRunning = (agent: ExpectedAgent): boolean => agent.status === 'running'

/** An agent both started and completed before a check: its start and completion must be one row. */
export const startedAndCompleted = (agent: ExpectedAgent): boolean => agent.started && agent.completed

/** Why a scenario gives a row contract nothing to judge when no check requires such a row, or true. */
export function exercisedWhen(plan: AgentLogPlan, which: (agent: ExpectedAgent) => boolean, what: string): true | string {
  if (agentsAtChecks(plan, which).length > 0) return true
  if (plan.checks.length === 0) return 'it has no check step: no records are read back'
  if (!plan.checks.some((c) => c.writable)) return 'no check reads a writable workspace’s store (no workspace, or the store is unwritable)'
  return `no check follows ${what}`
}
