import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown, unknownInTime } from '#harness/contracts/contract.ts'
import type { AgentLogCall } from '#harness/contracts/agent-log/agent-log-run.ts'
import { offWindow, stampAgainst, stampWindow, type StampWindow } from '#harness/contracts/agent-log/stamp-window.ts'
import { agentLogRun, requiredRows, type RowRead } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan, exercisedWhen, withDamaged } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { expectedRecord, recordFields, recordMatches, wrongFieldLine, wrongFields } from '#harness/contracts/agent-log/expected-record.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted } from '#harness/contracts/text-difference.ts'

/**
 * durability/record-faithful: Every field of an agent's record is what its steps said, as a string: the start's name,
 * kind, parent and start time kept through the completion, the completion's status, result, error, duration and
 * completion time, and completedAt '' while the agent runs. A record that is gone has lost every field. Each stamp
 * lies within its own call's time on the kit's wall clock (read before the call was sent and after it answered, with a
 * margin the kit can prove: stamp-window.ts), where the implementation reads that clock: a stamp in local time with a
 * `Z`, or the time of an earlier start kept through a rerun, is broken; where the wall clock stepped during the call
 * the stamp is not decided (unknown).
 */
export const recordFaithful = defineContract<AgentLogHistory>({
  id: 'durability/record-faithful',
  statement:
    "Every field of an agent's record is what its steps said, as a string: the start's name, kind, parent and startedAt kept through its completion, the completion's status, result, error, duration and completedAt, and completedAt '' while it runs; each stamp lies within its own call's time on the kit's clock.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => exercisedWhen(agentLogPlan(scenario.given, scenario.steps), () => true, 'an agent of a writable workspace'),
  check(history) {
    const run = agentLogRun(history)
    const required = requiredRows(run)
    pre(required.length > 0, withDamaged('no check reads back an agent recorded in a writable workspace', run.checks))
    // per agent, by its index, in arrays (nothing made per agent): the row it was last read in, and the startedAt first
    // read back for its last start (the plan shares one object per start step across its checks) with that check's step
    const lastRow = new Int32Array(run.agents).fill(-1)
    const startOf = Array.from<object | undefined>({ length: run.agents })
    const startedAtOf = Array.from({ length: run.agents }, () => '')
    const startStepOf = new Int32Array(run.agents)
    const firstRead: number[] = [] // the rows where each agent was first read, in that order
    let records = 0
    let checks = 0
    let lastCheck: RowRead['check'] | undefined
    let kept = 0
    let unanswered: RowRead | undefined
    // each start and completion call by its step, with the window its stamp must lie in (made once per call)
    const callAt = new Map<number, AgentLogCall>()
    for (const call of run.calls) callAt.set(call.step, call)
    const windows = new Map<number, StampWindow | undefined>()
    const windowAt = (step: number | undefined): StampWindow | undefined => {
      if (step === undefined || !run.sameClock) return undefined
      if (!windows.has(step)) windows.set(step, stampWindow(callAt.get(step) ?? {}))
      return windows.get(step)
    }
    const completionOf = Array.from<object | undefined>({ length: run.agents })
    let stamped = 0
    let widest = 0
    let undecided: { agentId: string; field: string; step: number } | undefined
    /** Judges one stamp of a record against its call's window, the first time that call's stamp is read: broken when outside it. */
    const stampOutside = (read: RowRead, field: 'startedAt' | 'completedAt', step: number | undefined) => {
      const window = windowAt(step)
      if (!window) return undefined
      const stamp = read.record![field]
      const where = stampAgainst(stamp, window)
      if (where === 'undecided') return void (undecided ??= { agentId: read.agent.agentId, field, step: step! })
      if (where === 'in') return void ((stamped += 1), (widest = Math.max(widest, window.marginMs)))
      const call = field === 'startedAt' ? 'start' : 'completion'
      return broken(
        `agent ${read.agent.agentId}'s ${field} ${quoted(stamp)} at the check of step ${read.check.step} is not within its ${call}'s call (step ${step}): the kit's clock read ${new Date(window.from + window.marginMs).toISOString()} before it was sent and ${new Date(window.to - window.marginMs).toISOString()} after it answered; the stamp is ${offWindow(stamp, window)} (margin ${window.marginMs} ms)${Math.abs(Date.parse(stamp) - window.from) > 30 * 60_000 ? ' — a local time written with Z?' : ''}`,
        { agentId: read.agent.agentId, step: read.check.step, field, got: stamp, callStep: step, window: { from: new Date(window.from).toISOString(), to: new Date(window.to).toISOString(), marginMs: window.marginMs } },
      )
    }
    for (let at = 0; at < required.length; at++) {
      const read = required[at]!
      const { check, agent, record, count } = read
      if (check.records === undefined) {
        unanswered ??= read
        continue
      }
      if (!record) return broken(`agent ${agent.agentId} has no record at the check of step ${check.step}: every field the steps gave it is lost`, { agentId: agent.agentId, step: check.step, rows: count })
      const wrong = recordMatches(record, agent) ? [] : wrongFields(record, expectedRecord(agent))
      if (wrong.length > 0) {
        const said = wrong.map(wrongFieldLine).join(', ')
        return broken(`agent ${agent.agentId}'s record at the check of step ${check.step} is not what its steps said: ${said}`, { agentId: agent.agentId, step: check.step, wrong, record })
      }
      const i = agent.index
      if (lastRow[i]! < 0) firstRead.push(at)
      lastRow[i] = at
      if (agent.start !== undefined) {
        if (startOf[i] === agent.start && startedAtOf[i] !== record.startedAt) {
          return broken(`agent ${agent.agentId}'s startedAt changed with no new start: ${quoted(startedAtOf[i]!)} at the check of step ${startStepOf[i]}, ${quoted(record.startedAt)} at step ${check.step}`, {
            agentId: agent.agentId,
            step: check.step,
            wrong: [{ field: 'startedAt', got: record.startedAt, expected: quoted(startedAtOf[i]!) }],
          })
        }
        if (startOf[i] === agent.start) kept += 1
        else {
          ;(startOf[i] = agent.start), (startedAtOf[i] = record.startedAt), (startStepOf[i] = check.step)
          const outside = stampOutside(read, 'startedAt', agent.startStep)
          if (outside) return outside
        }
      }
      if (agent.last === 'complete' && completionOf[i] !== agent.outcome) {
        completionOf[i] = agent.outcome
        const outside = stampOutside(read, 'completedAt', agent.completeStep)
        if (outside) return outside
      }
      records += 1
      if (check !== lastCheck) (checks += 1), (lastCheck = check)
    }
    if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back (agent-log.records was not answered), so ${unanswered.agent.agentId}'s record was never compared`)
    if (undecided) return unknownInTime(`the wall clock stepped during the call of step ${undecided.step} (it moved against the monotonic clock by more than the margin), and ${undecided.agentId}'s ${undecided.field} lies outside that call's window: whether it was stamped then cannot be told`)
    // past a few agents the evidence names the first (by session, each in the order first read, with its status at its
    // last check) and counts the rest: a run of thousands keeps its reports small
    const agents = firstRead.length
    const sessions = new Set<string>()
    for (const at of firstRead) sessions.add(required[at]!.agent.sessionId)
    const named: string[] = []
    for (const sessionId of sessions) {
      for (const at of firstRead) {
        if (named.length === namedAgents) break
        const { agent } = required[at]!
        if (agent.sessionId === sessionId) named.push(`${sessions.size > 1 ? `${sessionId}/` : ''}${agent.agentId} ${required[lastRow[agent.index]!]!.record!.status}`)
      }
    }
    const more = agents > namedAgents ? `, and ${counted(agents - namedAgents, 'more agent')}` : ''
    return held(
      `${counted(records, 'record')} at ${counted(checks, 'check')} ${records === 1 ? 'holds' : 'hold'} all ${recordFields.length} fields as the steps said (${named.join(', ')}${more})${kept > 0 ? `; startedAt kept unchanged ${counted(kept, 'time')} through later events` : ''}${stamped > 0 ? `; ${counted(stamped, 'stamp')}${stamped === 1 ? '' : ' each'} within its call's time on the kit's clock (margin up to ${widest} ms)` : run.sameClock ? '' : "; stamps not compared with the kit's clock (the implementation may run on another machine)"}`,
      { records, checks, fields: recordFields.length, startedAtKept: kept, agents, stampsInWindow: stamped, widestMarginMs: widest },
    )
  },
})

/** How many agents the held evidence names (with their status at the last check); the rest are counted. */
const namedAgents = 8

/** Checks durability/record-faithful (returns the result). */
export const checkRecordFaithful = recordFaithful.check
/** Asserts durability/record-faithful (throws unless held). */
export const assertRecordFaithful = recordFaithful.assert
