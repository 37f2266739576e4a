import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/best-effort: A write failure never fails the agent: every start and completion call succeeds, and the failure is reported (on stderr). */
export const bestEffort = defineContract<AgentLogHistory>({
  id: 'durability/best-effort',
  statement: "A write failure never fails the agent: every start and completion call succeeds, and the failure is reported (on stderr).",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    if (run.failedCalls.length > 0) return broken(`${run.failedCalls[0].f} failed the agent: ${run.failedCalls[0].message}`, { failed: run.failedCalls.slice(0, 3) })
    if (run.store === 'unwritable' && run.stderr.trim() === '') return broken('the store could not be written, and nothing reported it on stderr', { store: 'unwritable', stderr: '' })
    return held
  },
})

/** Checks durability/best-effort (returns the result). */
export const checkBestEffort = bestEffort.check
/** Asserts durability/best-effort (throws unless held). */
export const assertBestEffort = bestEffort.assert
