import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/scoped: A session with no workspace never opens or creates the store: the run leaves no file in its sandbox. */
export const scoped = defineContract<AgentLogHistory>({
  id: 'durability/scoped',
  statement: "A session with no workspace never opens or creates the store: the run leaves no file in its sandbox.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    if (run.workspace !== 'none') return held
    const created = run.sandbox.files.filter((f) => f !== 'blocker')
    if (created.length > 0) return broken(`a session with no workspace created ${created.join(', ')}`, { files: created })
    return held
  },
})

/** Checks durability/scoped (returns the result). */
export const checkScoped = scoped.check
/** Asserts durability/scoped (throws unless held). */
export const assertScoped = scoped.assert
