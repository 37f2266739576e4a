import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, filesMade, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { AgentLogCheck, AgentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { noControl, scopedExercised, scopedPlan } from '#harness/contracts/agent-log/scoped-control.ts'
import type { ChatAgent } from '#harness/contracts/agent-log/scoped-control.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted } from '#harness/contracts/text-difference.ts'

/**
 * durability/scoped: Only a start or completion of a session with a workspace makes the store: a session with no
 * workspace never opens, creates or writes one (not the store of the workspace it had before), and setup and records
 * never create it (a workspace with no store yet has no records). "Nothing made" is evidence only beside a positive
 * control: the same process, later, writes its row in a workspace; a workspace's records that show its own rows and
 * none of what its session recorded with no workspace are their own control.
 */
export const scoped = defineContract<AgentLogHistory>({
  id: 'durability/scoped',
  statement: 'Only a start or completion of a session with a workspace makes the store: a session with no workspace never opens or creates one, and setup and records never create it: a workspace with no store yet has no records.',
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => scopedExercised(scopedPlan(agentLogPlan(scenario.given, scenario.steps))),
  needs: () => ['files'],
  check(history) {
    const run = agentLogRun(history)
    const plan = scopedPlan(run)
    const made = madeTooSoon(run, plan.quietChecks)
    if (made) return made
    const chatFiles = chatMadeFiles(plan.chatListings)
    if (chatFiles) return chatFiles
    const chatRows = chatRecordsInWorkspace(plan.chatThenWorkspace)
    if (chatRows) return chatRows
    const invented = recordsWithoutStore(plan.evidence)
    if (invented) return invented
    // a workspace checked after its session recorded agents with none is its own control: judged on it where the quiet
    // checks have no control of their own (none in the same process)
    if (plan.chatThenWorkspace.length > 0 && (plan.evidence.length === 0 || !plan.control)) return chatKeptOut(plan.chatThenWorkspace)
    pre(plan.evidence.length > 0, String(scopedExercised(plan)))
    pre(run.observes.includes('files'), 'the kit cannot observe the files an implementation writes on this connection (it shares the kit’s working folder)')
    const unanswered = plan.chatCalls.filter((c) => c.outcome !== 'ok')
    if (unanswered.length > 0) return unknown(`${unanswered.length.toLocaleString('en-US')} of the ${counted(plan.chatCalls.length, 'start and completion call')} of the session with no workspace did not succeed, so it was never seen doing its work`)
    const listed = plan.evidence.filter((c) => c.files !== undefined && c.records !== undefined)
    if (listed.length === 0) return unknown('the sandbox was never listed (or the records never answered) at a check before the first write of a session with a workspace')
    const control = plan.control
    if (!control) return unknown(noControl)
    if (control.records === undefined) return unknown(`no control: the check of step ${control.step} got no records back, so the same process was never seen writing with a workspace`)
    const reads = control.expected.map((agent) => ({ check: control, agent, ...recordOf(control, agent.agentId) }))
    // the control shows that the process writes when it has a workspace: a row for each of its agents (how many is one-row-per-agent's)
    const missing = reads.find((r) => r.count === 0)
    if (missing) return unknown(`no control: set up with a workspace, the same process showed no row for ${missing.agent.agentId} at the check of step ${control.step}, so its making nothing before proves nothing`)
    const controlFiles = filesMade(control.files ?? []).filter((f) => !f.endsWith('/'))
    const last = listed.at(-1)!
    const rows = reads.map((r) => `${r.agent.agentId}'s row (${r.count === 1 ? '' : `${counted(r.count, 'row')}, `}status ${r.record!.status})`).join(', ')
    const chatChecks = listed.filter((c) => c.workspace === 'none')
    const before = plan.chatCalls.length > 0
      ? `the session with no workspace answered ${counted(plan.chatCalls.length, 'start and completion call')} and left no file in the sandbox (listed at step ${last.step})`
      : `${counted(listed.length, 'read')} of a workspace with no store yet answered [] and left no file in the sandbox (listed at step ${last.step})`
    const then = control.workspace === 'sandboxed' && chatChecks.length > 0 ? 'the same process, then given a workspace, wrote' : 'the same process then wrote'
    return held(
      `${before}; ${then} ${rows}${controlFiles.length > 0 ? ` and ${counted(controlFiles.length, 'file')} (${controlFiles[0]}${controlFiles.length > 1 ? ', …' : ''})` : ''}, read back at step ${control.step}`,
      { chatCalls: plan.chatCalls.length, listedAt: listed.map((c) => c.step), filesWithoutWorkspace: 0, controlStep: control.step, controlRows: reads.map((r) => ({ agentId: r.agent.agentId, rows: r.count, status: r.record!.status })), controlFiles },
    )
  },
})

/** Broken when a sandbox listing of a session with no workspace shows what was not there at the check before, with only its calls between. */
function chatMadeFiles(listings: ReadonlyArray<{ check: AgentLogCheck; before: AgentLogCheck }>): ContractResult | undefined {
  for (const { check, before } of listings) {
    if (check.files === undefined || before.files === undefined) continue
    const was = new Set(before.files)
    const added = filesMade(check.files).filter((f) => !was.has(f))
    if (added.length > 0) return broken(`a session with no workspace created ${added.join(', ')} (listed at the check of step ${check.step}, not there at the check of step ${before.step}, with only calls of sessions with no workspace between)`, { files: added, step: check.step, before: before.step })
  }
  return undefined
}

/** Broken when a check of a writable workspace shows an agent its session recorded only while it had no workspace: that session wrote a store. */
function chatRecordsInWorkspace(checks: ReadonlyArray<{ check: AgentLogCheck; chatAgents: ChatAgent[] }>): ContractResult | undefined {
  for (const { check, chatAgents } of checks) {
    if (check.records === undefined) continue
    const shown = chatAgents.filter((a) => recordOf(check, a.agentId).count > 0)
    if (shown.length === 0) continue
    const [first] = shown
    return broken(
      `session ${check.sessionId} recorded ${first.agentId} while it had no workspace (step ${first.step}), yet the check of step ${check.step}, in its workspace, shows ${first.agentId}'s record${shown.length > 1 ? ` (and ${counted(shown.length - 1, 'more agent')} of the session with no workspace)` : ''}: a session with no workspace wrote to a store`,
      { step: check.step, session: check.sessionId, agents: shown.slice(0, 5).map((a) => a.agentId), chatSteps: shown.slice(0, 5).map((a) => a.step) },
    )
  }
  return undefined
}

/** Held (or unknown) on the checks of a workspace after its session recorded agents with no workspace: its own rows shown, none of those. */
function chatKeptOut(checks: ReadonlyArray<{ check: AgentLogCheck; chatAgents: ChatAgent[] }>): ContractResult {
  const unanswered = checks.find((c) => c.check.records === undefined)
  if (unanswered) return unknown(`the check of step ${unanswered.check.step} got no records back, so the agents its session recorded with no workspace were never looked for in the store`)
  for (const { check } of checks) {
    const missing = check.expected.find((a) => recordOf(check, a.agentId).count === 0)
    if (missing) return unknown(`no control: the check of step ${check.step} showed no row for ${missing.agentId}, recorded in its workspace, so its showing none of the agents of the session with no workspace proves nothing`)
  }
  const line = checks.map(({ check, chatAgents }) => `the check of step ${check.step}, in session ${check.sessionId}'s workspace, showed its own ${counted(check.expected.length, 'row')} (${check.expected.slice(0, 3).map((a) => a.agentId).join(', ')}${check.expected.length > 3 ? ', …' : ''}) and none of the ${counted(chatAgents.length, 'agent')} the session recorded with no workspace (${chatAgents.slice(0, 3).map((a) => a.agentId).join(', ')}${chatAgents.length > 3 ? ', …' : ''})`)
  return held(line.join('; '), { checks: checks.map((c) => c.check.step), chatAgents: checks.map((c) => c.chatAgents.length), ownRows: checks.map((c) => c.check.expected.length) })
}

/** Broken when a read of a writable workspace with no store yet (before any start or completion) answered records: a workspace without a store has none. */
function recordsWithoutStore(evidence: AgentLogCheck[]): ContractResult | undefined {
  const check = evidence.find((c) => c.writable && (c.records?.length ?? 0) > 0)
  if (!check) return undefined
  const records = check.records!
  const first = records[0] as unknown
  const agentId = typeof first === 'object' && first !== null ? (first as { agentId?: unknown }).agentId : undefined
  const named = typeof agentId === 'string' ? `agentId ${quoted(agentId, 60)}` : quoted(typeof first === 'string' ? first : (JSON.stringify(first) ?? String(first)), 60)
  return broken(
    `a workspace with no store yet has no records, but the read at the check of step ${check.step}, before any start or completion, answered ${counted(records.length, 'record')} (the first: ${named})`,
    { step: check.step, records: records.length, first: records.slice(0, 1) },
  )
}

/** Broken when the sandbox held something the run made before the first write of a writable workspace (or, with none ever, at the end). */
function madeTooSoon(run: AgentLogRun, quiet: AgentLogCheck[]): ContractResult | undefined {
  for (const check of quiet) {
    const made = filesMade(check.files ?? [])
    if (made.length === 0) continue
    const chatBefore = run.calls.some((c) => c.workspace === 'none' && c.step < check.step)
    const listed = `${made.join(', ')} (listed at the check of step ${check.step})`
    if (check.workspace === 'none') return broken(`a session with no workspace created ${listed}`, { files: made, step: check.step })
    const who = chatBefore ? 'a session with no workspace, setup or records' : 'setup or records (a read never creates the store)'
    return broken(`before any start or completion of a session with a workspace, ${who} created ${listed}`, { files: made, step: check.step })
  }
  const neverWritten = !run.calls.some((c) => c.writable) && run.checks.every((c) => !c.writable)
  const atEnd = filesMade(run.sandbox?.files ?? [])
  if (neverWritten && atEnd.length > 0 && run.calls.some((c) => c.workspace === 'none')) return broken(`a session with no workspace created ${atEnd.join(', ')} (listed when the run ended)`, { files: atEnd, step: null })
  return undefined
}

/** Checks durability/scoped (returns the result). */
export const checkScoped = scoped.check
/** Asserts durability/scoped (throws unless held). */
export const assertScoped = scoped.assert
