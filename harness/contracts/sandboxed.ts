import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'

/** durability/sandboxed: A run writes nowhere outside its sandbox: the decoy workspace outside it is untouched, byte for byte. */
export const sandboxed = defineContract<AgentLogHistory>({
  id: 'durability/sandboxed',
  statement: "A run writes nowhere outside its sandbox: the decoy workspace outside it is untouched, byte for byte.",
  from: ['PLAT-114'],
  port: 'agent-log',
  check(history) {
    const run = agentLogRun(history)
    if (!run.sandbox.decoyUntouched) return broken('the decoy workspace outside the sandbox was changed', { decoyUntouched: false })
    return held
  },
})

/** Checks durability/sandboxed (returns the result). */
export const checkSandboxed = sandboxed.check
/** Asserts durability/sandboxed (throws unless held). */
export const assertSandboxed = sandboxed.assert
