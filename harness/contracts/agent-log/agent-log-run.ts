import type { AgentLogHistory, CompletionEvent, WallRead } from '#harness/history/history.ts'
import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import type { Observation } from '#harness/adapters/observation.ts'
import type { AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { recordsRead } from '#harness/contracts/agent-log/records-read.ts'
import type { AgentLogGiven, AgentLogPlan, ExpectedAgent, PlannedCall, PlannedCheck } from '#harness/contracts/agent-log/agent-log-plan.ts'

/** One `check` step as it ran: what the steps so far require, the records read back (if answered), the sandbox's files then. */
export interface AgentLogCheck extends PlannedCheck {
  /** What `agent-log.records` answered at this check; absent when it was not answered (an error, or the step never ran). */
  records?: AgentRecord[]
  /** The error `agent-log.records` answered at this check, if it answered one. */
  failed?: string
  /** What `agent-log.records` answered at this check when it answered normally with no list of records (over stdio the adapter ends such a run `error`; in process it is `undefined`, or any value). */
  notAList?: { value: unknown }
  /** The files and folders (`name/`) in the sandbox when the records were read (relative to it); absent when the kit did not list them. */
  files?: string[]
}

/** One start or completion call as it ran: answered (`ok`), answered with an error (`fail`), or never answered. */
export interface AgentLogCall extends PlannedCall {
  outcome: 'ok' | 'fail' | 'missing'
  message?: string
  /** Where its process's stderr stood when the call was sent (noted for a write the store cannot take). */
  stderrBefore?: number
  /** Which process the driver had started when it was sent (0 for the first; `stderrOf` is in the same order). */
  started?: number  /** When the kit sent it and when its answer came (ms on the History's clock); absent when it was never sent or answered. */
  sentAt?: number
  answeredAt?: number
  /** The wall clock read just before it was sent and just after it answered (a start or completion, in Histories that note them). */
  wallSent?: WallRead
  wallAnswered?: WallRead
}

/** One `setup` call as it ran (at the start of each process, step -1, and at each `reuse` or `setup` step). */
export interface AgentLogSetupCall {
  step: number
  outcome: 'ok' | 'fail' | 'missing'
  message?: string
  workspacePath: string | null
}

/** A file written in a folder HOME, TMPDIR or an XDG variable pointed at, with the run's ids it holds. */
export interface AgentLogOutsideWrite {
  where: string
  path: string
  holds: string[]
  sqlite: boolean
}

/** The sandbox as the driver left it: every file and folder (`name/`) in it, and whether the decoy workspace outside it is unchanged. */
export interface AgentLogSandboxNote {
  files: string[]
  decoyUntouched: boolean
  /** How many files the decoy workspace holds (compared before and after). */
  decoyFiles?: number
  /** The decoy's paths that were added, removed or changed. */
  decoyChanged?: string[]
  /** The variables (HOME, TMPDIR, XDG_*) the processes had pointed at folders the kit watched; absent in Histories from before. */
  watched?: string[]
  /** The files made or changed in those folders. */
  outside?: AgentLogOutsideWrite[]
}

/** What the kit's `corrupt` step did to the workspace: the files it overwrote and those it left alone (relative to the workspace). */
export interface AgentLogDamage {
  step: number
  damaged: string[]
  left?: Array<{ path: string; reason: string }>
}

/** An agent-log run as the contracts read it: the plan of its steps, each check and agent call as it ran, stderr and the sandbox. */
export interface AgentLogRun extends Omit<AgentLogPlan, 'checks' | 'calls'> {
  checks: AgentLogCheck[]
  calls: AgentLogCall[]
  setups: AgentLogSetupCall[]
  /** What the implementation's processes wrote on stderr (each process's, as it ended). */
  stderr: string
  /** What each process wrote on stderr, in the order they were started (the last may be missing if it never ended). */
  stderrOf: string[]
  /** Each process (or, in process, each instance) the driver started, in order: its pid, or null when it has none. */
  starts: Array<number | null>
  /** The pids the driver killed with SIGKILL. */
  killed: number[]
  /** What the kit could observe of the implementation (stderr, files…), from the History. */
  observes: readonly Observation[]
  /** The implementation reads the kit's wall clock: it runs in the kit's process or in one the kit started (a service reached at a URL may run on another machine). */
  sameClock: boolean
  /** The driver's note on the sandbox at the end; absent when there is none (never read as "untouched"). */
  sandbox?: AgentLogSandboxNote
  /** What each `corrupt` step damaged, in order. */
  damages: AgentLogDamage[]
}

/** What the sandbox holds from the start, made by the kit (a regular file where an unwritable workspace would need a folder, and the workspace folder): never the run's. */
export const sandboxOwn: readonly string[] = ['blocker', 'workspace/']

/** Reads an agent-log History: replays its steps into what each check requires, and joins what each call and check got (read once per History: every contract of the port shares it, and none changes it). */
export function agentLogRun(history: AgentLogHistory): AgentLogRun {
  let run = runs.get(history)
  if (!run) runs.set(history, (run = readRun(history)))
  return run
}

const runs = new WeakMap<AgentLogHistory, AgentLogRun>()

function readRun(history: AgentLogHistory): AgentLogRun {
  const plan = agentLogPlan(history.given as AgentLogGiven, (history.oracle as { steps: AgentLogStep[] }).steps)
  const answered = new ByStepAndCall<CompletionEvent>() // the completion events themselves: nothing made per event
  const setups: AgentLogSetupCall[] = []
  const setupOf = new Map<number, AgentLogSetupCall>()
  const processOf = new ByStepAndCall<number>()
  const sentAtOf = new ByStepAndCall<number>()
  const wallOf = new ByStepAndCall<WallRead>()
  let processes = 0
  // the driver's notes by what they say, in order (one pass over the events)
  const notesByWhat = new Map<string, Array<Record<string, unknown>>>()
  for (const [index, e] of history.events.entries()) {
    if (e.type === 'note') {
      if (e.what === 'process started') processes += 1
      const said = notesByWhat.get(e.what)
      if (said) said.push(e.value as Record<string, unknown>)
      else notesByWhat.set(e.what, [e.value as Record<string, unknown>])
      continue
    }
    if (e.type === 'invoke') {
      processOf.set(e.step, e.f, processes - 1)
      sentAtOf.set(e.step, e.f, e.time)
      if (e.wall) wallOf.set(e.step, e.f, e.wall)
      if (e.f !== 'agent-log.setup') continue
      const setup: AgentLogSetupCall = { step: e.step ?? -1, outcome: 'missing', workspacePath: (e.value as { workspacePath?: string | null } | undefined)?.workspacePath ?? null }
      setups.push(setup)
      setupOf.set(index, setup)
      continue
    }
    const invoke = history.events[e.invoke] as { step: number; f: string }
    answered.set(invoke.step, e.f, e)
    const setup = setupOf.get(e.invoke)
    if (setup && (e.type === 'ok' || e.type === 'fail')) Object.assign(setup, { outcome: e.type, ...(e.type === 'fail' ? { message: e.error?.message ?? '' } : {}) })
  }
  const notes = (what: string) => notesByWhat.get(what) ?? []
  const filesAt = new Map(notes('sandbox at check').map((n) => [n.step as number, n.files as string[]]))
  const marks = new Map(notes('stderr before write').map((n) => [n.step as number, n.offset as number]))
  const checks = plan.checks.map((check): AgentLogCheck => {
    const answer = answered.get(check.step, 'agent-log.records')
    const records = answer?.type === 'ok' && Array.isArray(answer.value) ? (answer.value as AgentRecord[]) : undefined
    const files = filesAt.get(check.step)
    const notAList = answer?.type === 'ok' && !records ? { notAList: { value: answer.value } } : {}
    return { ...check, ...(records ? { records } : {}), ...(answer?.type === 'fail' ? { failed: answer.error?.message ?? '' } : {}), ...notAList, ...(files ? { files } : {}) }
  })
  // the plan is this run's own: each planned call becomes the call as it ran, in place (not a second object per call)
  const calls = plan.calls as AgentLogCall[]
  for (const call of calls) {
    const answer = answered.get(call.step, call.f)
    const started = processOf.get(call.step, call.f)
    call.outcome = answer?.type === 'ok' ? 'ok' : answer?.type === 'fail' ? 'fail' : 'missing'
    if (answer?.type === 'fail') call.message = answer.error?.message ?? ''
    const mark = marks.get(call.step)
    if (mark !== undefined) call.stderrBefore = mark
    if (started !== undefined && started >= 0) call.started = started
    const sentAt = sentAtOf.get(call.step, call.f)
    if (sentAt !== undefined) call.sentAt = sentAt
    if (answer) call.answeredAt = answer.time
    const wallSent = wallOf.get(call.step, call.f)
    if (wallSent && answer?.wall) (call.wallSent = wallSent), (call.wallAnswered = answer.wall)
  }
  const sandbox = notes('sandbox')[0] as unknown as AgentLogSandboxNote | undefined
  const stderrOf = history.events.flatMap((e) => (e.type === 'note' && (e.what === 'process killed' || e.what === 'process stopped') ? [String((e.value as { stderr?: unknown } | undefined)?.stderr ?? '')] : []))
  const pid = (n: Record<string, unknown>) => (typeof n.pid === 'number' ? n.pid : null)
  return {
    store: plan.store,
    uiEventCap: plan.uiEventCap,
    agents: plan.agents,
    checks,
    calls,
    setups,
    stderr: stderrOf.join(''),
    stderrOf,
    starts: notes('process started').map(pid),
    killed: notes('process killed').flatMap((n) => pid(n) ?? []),
    observes: history.observes ?? [],
    sameClock: history.system?.transport === 'in-process' || notes('process started').some((n) => typeof n.pid === 'number'),
    ...(sandbox ? { sandbox } : {}),
    damages: notes('store damaged') as unknown as AgentLogDamage[],
  }
}

/** One row a check required (an agent recorded in a writable workspace) and what the records read back there showed for it. */
export interface RowRead {
  check: AgentLogCheck
  agent: ExpectedAgent
  /** The first row naming the agent (undefined when none did, or the check got no records). */
  record: AgentRecord | undefined
  /** How many rows name it (0 when the check got no records). */
  count: number
  /** Its first row shows the status the kit expects (decided once per run: every row contract asks). */
  statusAsExpected: boolean
}

/**
 * Every row the run's checks require — each agent a check of a writable workspace expects — with what that check's
 * records showed for it, in order; built once per run (every row contract filters the same list).
 */
export function requiredRows(run: AgentLogRun): readonly RowRead[] {
  let rows = required.get(run)
  if (rows) return rows
  rows = []
  for (const check of run.checks) {
    if (!check.writable) continue
    const index = check.records === undefined ? undefined : recordsRead(check.records, check.sessionId)
    for (const agent of check.expected) {
      const record = index?.first.get(agent.agentId)
      rows.push(record ? { check, agent, record, count: index!.more.get(agent.agentId) ?? 1, statusAsExpected: record.status === agent.status } : { check, agent, record: undefined, count: 0, statusAsExpected: false })
    }
  }
  required.set(run, rows)
  return rows
}

const required = new WeakMap<AgentLogRun, RowRead[]>()

/** Values by a step and the function called at it: an array by step for each function (no key made, no hash, per event). */
class ByStepAndCall<T> {
  private readonly byCall = new Map<string, T[]>()
  get(step: number | undefined, f: string): T | undefined {
    return this.byCall.get(f)?.[slotOf(step)]
  }
  set(step: number | undefined, f: string, value: T): void {
    let bySteps = this.byCall.get(f)
    if (!bySteps) this.byCall.set(f, (bySteps = []))
    bySteps[slotOf(step)] = value
  }
}

/** Where a step's value is kept: steps count from 0, a process's first setup is step -1, and an event may carry none. */
const slotOf = (step: number | undefined): number => (step === undefined ? 0 : step + 2)

/** The rows of an agent in a check's records: how many name it, and the first. */
export function recordOf(check: AgentLogCheck, agentId: string): { record?: AgentRecord; count: number } {
  const read = check.records === undefined ? undefined : recordsRead(check.records, check.sessionId)
  const record = read?.first.get(agentId)
  return record ? { record, count: read!.more.get(agentId) ?? 1 } : { record: undefined, count: 0 }
}

/** How a missing or wrong row reads in a message: `gone`, or `shown as failed, not running,`. */
export function rowState(missing: { agent: ExpectedAgent; record?: AgentRecord }): string {
  return missing.record ? `shown as ${missing.record.status}, not ${missing.agent.status},` : 'gone'
}

/** The files and folders (`name/`) of a sandbox listing that the run made (all but the kit's own), files first. */
export function filesMade(files: readonly string[]): string[] {
  const made = files.filter((f) => !sandboxOwn.includes(f))
  return [...made.filter((f) => !f.endsWith('/')), ...made.filter((f) => f.endsWith('/'))]
}
