import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'

const noFailure = 'the store is writable (or the session has no workspace): no write fails, so there is no failure to judge'

/** durability/best-effort: A write failure never fails the agent: every start and completion call succeeds, and the failure is reported (on stderr). */
export const bestEffort = defineContract<AgentLogHistory>({
  id: 'durability/best-effort',
  statement: "A write failure never fails the agent: every start and completion call succeeds, and the failure is reported (on stderr).",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => (agentLogPlan(scenario.given, scenario.steps).calls.some(unwritable(scenario.given.store)) ? true : noFailure),
  needs: (scenario) => (scenario.given.store === 'unwritable' ? ['stderr'] : []),
  check(history) {
    const run = agentLogRun(history)
    // an error answer to a start or a completion reached the agent, whatever the store: broken in every scenario
    const failed = run.calls.filter((c) => c.outcome === 'fail')
    if (failed.length > 0) {
      return broken(`${failed[0].f} failed the agent ${failed[0].agentId}: ${failed[0].message}`, {
        failed: failed.slice(0, 3).map(({ f, agentId, step, message }) => ({ f, agentId, step, message })),
        calls: run.calls.length,
      })
    }
    const exposed = run.calls.filter(unwritable(run.store))
    pre(exposed.length > 0, noFailure)
    const answered = exposed.filter((c) => c.outcome === 'ok')
    if (answered.length < exposed.length) return unknown(`${(exposed.length - answered.length).toLocaleString('en-US')} of the ${counted(exposed.length, 'start and completion call')} made while the store was unwritable were never answered`)
    pre(run.observes.includes('stderr'), 'the kit cannot observe stderr on this connection, so whether the write failure was reported cannot be judged')
    const lines = run.stderr.split('\n').filter((l) => l.trim() !== '')
    if (lines.length === 0) return broken('the store could not be written, and nothing reported it on stderr', { store: 'unwritable', stderr: '', answered: answered.length })
    const first = lines[0].length > 100 ? `${lines[0].slice(0, 97)}...` : lines[0]
    return held(`${answered.length.toLocaleString('en-US')} of ${exposed.length.toLocaleString('en-US')} start and completion calls answered with the store unwritable; stderr reported it in ${counted(lines.length, 'line')}: ${JSON.stringify(first)}`, {
      answered: answered.length,
      calls: exposed.length,
      stderrLines: lines.length,
      firstLine: lines[0],
    })
  },
})

function unwritable(store: string): (call: { workspace: string }) => boolean {
  return (call) => call.workspace === 'sandboxed' && store === 'unwritable'
}

/** Checks durability/best-effort (returns the result). */
export const checkBestEffort = bestEffort.check
/** Asserts durability/best-effort (throws unless held). */
export const assertBestEffort = bestEffort.assert
