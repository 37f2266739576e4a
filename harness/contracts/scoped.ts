import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, filesMade, recordOf } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { noControl, scopedExercised, scopedPlan } from '#harness/contracts/agent-log/scoped-control.ts'
import { counted } from '#harness/contracts/counted.ts'

/**
 * durability/scoped: A session with no workspace never opens or creates the store: the run leaves no file in its sandbox.
 * "No file" is evidence only beside a positive control: the same process, then set up with a workspace, writes its row.
 */
export const scoped = defineContract<AgentLogHistory>({
  id: 'durability/scoped',
  statement: "A session with no workspace never opens or creates the store: the run leaves no file in its sandbox.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => scopedExercised(scopedPlan(agentLogPlan(scenario.given, scenario.steps))),
  needs: () => ['files'],
  check(history) {
    const run = agentLogRun(history)
    const plan = scopedPlan(run)
    pre(plan.chatCalls.length > 0, 'every session has a workspace: no session must stay out of the store')
    for (const check of plan.chatChecks) {
      const made = filesMade(check.files ?? [])
      if (made.length > 0) return broken(`a session with no workspace created ${made.join(', ')} (listed at the check of step ${check.step})`, { files: made, step: check.step })
    }
    const atEnd = filesMade(run.sandbox?.files ?? [])
    const neverWorkspace = ![...run.calls, ...run.checks].some((c) => c.workspace === 'sandboxed')
    if (neverWorkspace && atEnd.length > 0) return broken(`a session with no workspace created ${atEnd.join(', ')} (listed when the run ended)`, { files: atEnd, step: null })
    pre(run.observes.includes('files'), 'the kit cannot observe the files an implementation writes on this connection (it shares the kit’s working folder)')
    const unanswered = plan.chatCalls.filter((c) => c.outcome !== 'ok')
    if (unanswered.length > 0) return unknown(`${unanswered.length.toLocaleString('en-US')} of the ${counted(plan.chatCalls.length, 'start and completion call')} of the session with no workspace did not succeed, so it was never seen doing its work`)
    const listed = plan.chatChecks.filter((c) => c.files !== undefined)
    if (listed.length === 0) return unknown('the sandbox was never listed after the calls of the session with no workspace')
    const control = plan.control
    if (!control) return unknown(noControl)
    if (control.records === undefined) return unknown(`no control: the check of step ${control.step} got no records back, so the same process was never seen writing with a workspace`)
    const reads = control.expected.map((agent) => ({ check: control, agent, ...recordOf(control, agent.agentId) }))
    // the control shows that the process writes when it has a workspace: a row for each of its agents (how many is one-row-per-agent's)
    const missing = reads.find((r) => r.count === 0)
    if (missing) return unknown(`no control: set up with a workspace, the same process showed no row for ${missing.agent.agentId} at the check of step ${control.step}, so its writing nothing without a workspace proves nothing`)
    const controlFiles = filesMade(control.files ?? []).filter((f) => !f.endsWith('/'))
    const last = listed.at(-1)!
    const rows = reads.map((r) => `${r.agent.agentId}'s row (${r.count === 1 ? '' : `${counted(r.count, 'row')}, `}status ${r.record!.status})`).join(', ')
    return held(
      `the session with no workspace answered ${counted(plan.chatCalls.length, 'start and completion call')} and left no file in the sandbox (listed at step ${last.step}); the same process, then given a workspace, wrote ${rows}${controlFiles.length > 0 ? ` and ${counted(controlFiles.length, 'file')} (${controlFiles[0]}${controlFiles.length > 1 ? ', …' : ''})` : ''}, read back at step ${control.step}`,
      { chatCalls: plan.chatCalls.length, listedAt: listed.map((c) => c.step), filesWithoutWorkspace: 0, controlStep: control.step, controlRows: reads.map((r) => ({ agentId: r.agent.agentId, rows: r.count, status: r.record!.status })), controlFiles },
    )
  },
})

/** Checks durability/scoped (returns the result). */
export const checkScoped = scoped.check
/** Asserts durability/scoped (throws unless held). */
export const assertScoped = scoped.assert
