import type { AgentLogScenario, AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'
import { endsProcess } from '#harness/scenario/ends-process.ts'

/** Where a session's store may live: a workspace in the sandbox, or none (a plain chat session). */
export type AgentLogWorkspace = 'sandboxed' | 'none'

/** The session a run starts with when its `given` names none (Histories recorded before sessions could be named). */
export const defaultSessionId = 'session-plat-114'

/** What the last start of an agent said. */
export interface StartFields {
  name: string
  kind: string
  parent: string
}

/** What the last completion of an agent said. */
export interface OutcomeFields {
  status: string
  result: string
  error: string
  duration: string
}

/** What the kit expects of one agent at a check, from the steps so far: started, and maybe completed with a status (one object for checks that expect the same of it: never changed once made). */
export interface ExpectedAgent {
  /** A number for this agent of this session's workspace, the same at every check: dense from 0 in the order of first events, below the plan's `agents` (per-agent state kept in arrays by it, not in maps by id). */
  index: number
  agentId: string
  sessionId: string
  status: string
  /** Its start was recorded (in this session's workspace). */
  started: boolean
  /** Its completion was recorded (in this session's workspace). */
  completed: boolean
  /** What its last start said (undefined when it was never started). */
  start: StartFields | undefined
  /** The step of its last start (undefined when it was never started): a record keeps its startedAt until the next start. */
  startStep: number | undefined
  /** What its last completion said (undefined when it never completed). */
  outcome: OutcomeFields | undefined
  /** The step of its last completion (undefined when it never completed): a record's completedAt is stamped then. */
  completeStep: number | undefined
  /** Whether its last event was its start or its completion. */
  last: 'start' | 'complete'
  /** UI events on its session (activity and agent events) since this agent's last event. */
  eventsSince: number
  /** A kill or restart came between this agent's last event and the check. */
  restartedSince: boolean
  /** Its session was set up again in the same process (`reuse`, or a `setup` step back to it) since its last event. */
  reusedSince: boolean
}

/** One `check` step: the session's workspace at that point, whether its store can be written, and what it must show. */
export interface PlannedCheck {
  step: number
  workspace: AgentLogWorkspace
  sessionId: string
  /** A workspace whose store can be written, and not damaged by the kit since (`damaged`): only such a check requires rows. */
  writable: boolean
  /** The step of the kit's `corrupt` that damaged this workspace's store before this check (after a write there), if one did: its rows are the kit's loss, not judged; what `records` answers is `durability/best-effort`'s. */
  damaged?: number
  /** Which process of the run makes it: 0 for the first, one more after each kill or restart. */
  process: number
  /** The agents recorded in this session's workspace so far (none are expected for a session with no workspace). */
  expected: ExpectedAgent[]
  /** The agents other sessions recorded in the same workspace so far (none may show in this session's records): how many, and those sessions, in the order they were set up. */
  others: { agents: number; sessions: string[] }
}

/** One start or completion call the steps make, and the session it is made in. */
export interface PlannedCall {
  step: number
  f: 'agent-log.agentStarted' | 'agent-log.agentCompleted'
  agentId: string
  workspace: AgentLogWorkspace
  sessionId: string
  writable: boolean
  process: number
}

/** What the steps of an agent-log scenario make the kit expect, decided from the scenario alone: its checks and agent calls. */
export interface AgentLogPlan {
  store: 'writable' | 'unwritable'
  uiEventCap: number
  /** How many agents the steps record, each in one session's workspace: every `ExpectedAgent.index` is below it. */
  agents: number
  checks: PlannedCheck[]
  calls: PlannedCall[]
}

/** The given of an agent-log scenario, as the History keeps it (defaults applied). */
export type AgentLogGiven = AgentLogScenario['given']

/**
 * Replays a scenario's steps into what each check must show: the agents recorded in the session's workspace so far
 * (a `setup` step opens another session, or the same one with another workspace, in the same process), what their
 * last start and completion said, the UI events on their session since their last event, and whether a kill, a
 * restart or a second setup of their session came between. A `corrupt` step stops the process as a restart does and,
 * after a write of the writable workspace, damages its store: no later check of it requires rows (`damaged`).
 */
export function agentLogPlan(given: AgentLogGiven, steps: readonly AgentLogStep[]): AgentLogPlan {
  // each store counts its UI events and setups, and the run its kills and restarts; an agent keeps the counts at its
  // last event, so what came since is a difference read at a check (linear in the steps, however many agents)
  const stores = new Map<string, TrackedStore>()
  const key = (workspace: AgentLogWorkspace, sessionId: string) => `${workspace}\u0000${sessionId}`
  const agentsOf = (workspace: AgentLogWorkspace, sessionId: string) => {
    if (!stores.has(key(workspace, sessionId))) stores.set(key(workspace, sessionId), { workspace, sessionId, agents: new Map(), events: 0, setups: 0 })
    return stores.get(key(workspace, sessionId))!
  }
  const checks: PlannedCheck[] = []
  const calls: PlannedCall[] = []
  let workspace = given.workspace as AgentLogWorkspace
  let sessionId = (given as { session?: string }).session ?? defaultSessionId
  let processIndex = 0
  let restarts = 0
  let agents = 0
  const writable = () => workspace === 'sandboxed' && given.store === 'writable'
  // the last `corrupt` after a write of the writable workspace: it damaged the store (one before any write found none)
  let written = false
  let damagedAt: number | undefined
  // the store of the session set up last: only a `setup` step changes it (no key made, no lookup, per agent event)
  let current = agentsOf(workspace, sessionId)
  const setUpAgain = () => void (current.setups += 1)
  // every ExpectedAgent is made with the same fields in the same order (a spread of agents of several shapes is many
  // times slower); an agent unchanged since the last check that took it, with the same counts since, is the same
  // object at both (a run of thousands of agents checked again and again makes one per agent, not one per check)
  const expectedOf = (store: TrackedStore, a: TrackedAgent): ExpectedAgent => {
    const eventsSince = store.events - a.eventsAt
    const restartedSince = restarts > a.restartsAt
    const reusedSince = store.setups > a.setupsAt
    const last = a.taken
    if (last && last.eventsSince === eventsSince && last.restartedSince === restartedSince && last.reusedSince === reusedSince) return last
    return (a.taken = {
      index: a.index,
      agentId: a.agentId,
      sessionId: a.sessionId,
      status: a.status,
      started: a.started,
      completed: a.completed,
      start: a.start,
      startStep: a.startStep,
      outcome: a.outcome,
      completeStep: a.completeStep,
      last: a.last,
      eventsSince,
      restartedSince,
      reusedSince,
    })
  }
  steps.forEach((step, index) => {
    if (endsProcess(step)) {
      // corrupt stops a running process as restart does: the next step is made by a new one, on the damaged store
      restarts += 1
      processIndex += 1
      if (step === 'corrupt' && written) damagedAt = index
    } else if (step === 'reuse') setUpAgain()
    else if (step === 'check') {
      // the other sessions of this workspace: counted, not listed (a check of thousands of agents would copy them all)
      const others = { agents: 0, sessions: [] as string[] }
      if (workspace !== 'none') {
        for (const other of stores.values()) {
          if (other === current || other.workspace !== workspace || other.agents.size === 0) continue
          others.agents += other.agents.size
          others.sessions.push(other.sessionId)
        }
      }
      const store = current
      const expected = [...store.agents.values()].map((tracked) => expectedOf(store, tracked))
      const damaged = workspace === 'sandboxed' ? damagedAt : undefined
      checks.push({ step: index, workspace, sessionId, writable: writable() && damaged === undefined, ...(damaged === undefined ? {} : { damaged }), process: processIndex, expected, others })
    } else if (typeof step === 'object') {
      if ('setup' in step) {
        workspace = (step.setup.workspace ?? workspace) as AgentLogWorkspace
        sessionId = step.setup.session ?? sessionId
        current = agentsOf(workspace, sessionId)
        setUpAgain()
      } else if ('activity' in step) current.events += step.activity
      else {
        const id = 'start' in step ? step.start.agent : step.complete.agent
        const store = current
        store.events += 1
        // one tracked agent per agent, updated in place at each of its events (a check copies what it needs)
        let a = store.agents.get(id)
        if (!a) store.agents.set(id, (a = { index: agents++, agentId: id, sessionId, status: '', started: false, completed: false, start: undefined, startStep: undefined, outcome: undefined, completeStep: undefined, last: 'start', eventsAt: 0, restartsAt: 0, setupsAt: 0, taken: undefined }))
        a.eventsAt = store.events
        a.restartsAt = restarts
        a.setupsAt = store.setups
        a.taken = undefined
        if ('start' in step) {
          a.status = 'running'
          a.started = true
          a.start = { name: step.start.name, kind: step.start.kind, parent: step.start.parent }
          a.startStep = index
          a.last = 'start'
        } else {
          a.outcome = { status: step.complete.status, result: step.complete.result, error: step.complete.error, duration: step.complete.duration }
          a.status = a.outcome.status
          a.completeStep = index
          a.completed = true
          a.last = 'complete'
        }
        written ||= writable()
        calls.push({ step: index, f: 'start' in step ? 'agent-log.agentStarted' : 'agent-log.agentCompleted', agentId: id, workspace, sessionId, writable: writable(), process: processIndex })
      }
    }
  })
  return { store: given.store as AgentLogPlan['store'], uiEventCap: given.uiEventCap, agents, checks, calls }
}

/** An agent as the plan tracks it: what its last events said, and the counts of its store and run at its last event. */
interface TrackedAgent extends Omit<ExpectedAgent, 'eventsSince' | 'restartedSince' | 'reusedSince'> {
  eventsAt: number
  restartsAt: number
  setupsAt: number
  /** What the last check expected of it, while nothing it said changed since (a check that finds the same counts takes the same object). */
  taken: ExpectedAgent | undefined
}

/** A session's store (one workspace, one session) as the plan tracks it: its agents, and its UI events and setups so far. */
interface TrackedStore {
  workspace: AgentLogWorkspace
  sessionId: string
  agents: Map<string, TrackedAgent>
  events: number
  setups: number
}

/** The agents a check requires rows for (in a writable workspace) that `which` picks, with the check. */
export function agentsAtChecks<C extends PlannedCheck>(plan: { checks: C[] }, which: (agent: ExpectedAgent) => boolean = () => true): Array<{ check: C; agent: ExpectedAgent }> {
  return plan.checks.flatMap((check) => (check.writable ? check.expected.filter(which).map((agent) => ({ check, agent })) : []))
}

/** An agent that is still running at a check (its last event a start). */
export const isRunning = (agent: ExpectedAgent): boolean => agent.last === 'start'

/** An agent with a completion recorded before a check (after its start, or with no start at all): its events must make one row. */
export const hasCompletion = (agent: ExpectedAgent): boolean => agent.completed

/** Why a scenario gives a row contract nothing to judge when no check requires such a row, or true. */
export function exercisedWhen(plan: AgentLogPlan, which: (agent: ExpectedAgent) => boolean, what: string): true | string {
  if (agentsAtChecks(plan, which).length > 0) return true
  if (plan.checks.length === 0) return 'it has no check step: no records are read back'
  if (!plan.checks.some((c) => c.writable)) return withDamaged('no check reads a writable workspace’s store (no workspace, or the store is unwritable)', plan.checks)
  return withDamaged(`no check follows ${what}`, plan.checks)
}

/**
 * A not-applicable reason of a row contract, with — where checks read a store the kit's `corrupt` step damaged — why
 * those are not judged: "…; the check of step 7 reads the store after the kit damaged it (corrupt, step 5): rows lost
 * to the kit's own fault are not judged".
 */
export function withDamaged(reason: string, checks: readonly PlannedCheck[]): string {
  const damaged = checks.filter((c) => c.damaged !== undefined)
  if (damaged.length === 0) return reason
  const steps = damaged.map((c) => c.step)
  const which = steps.length === 1 ? `the check of step ${steps[0]} reads` : `the checks of steps ${steps.slice(0, 5).join(', ')}${steps.length > 5 ? ', …' : ''} read`
  return `${reason}; ${which} the store after the kit damaged it (corrupt, step ${damaged[0]!.damaged}): rows lost to the kit's own fault are not judged`
}
