import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, pre, unknown } from '#harness/contracts/contract.ts'
import { agentLogRun, filesMade } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'

const nothingToWrite = 'no agent is recorded in a writable workspace: the run has nothing to write anywhere'

/**
 * durability/sandboxed: A run writes nowhere outside its sandbox: the decoy workspace outside it is untouched, byte for byte.
 * An untouched decoy is evidence only beside the run's own writes: the store it wrote inside the sandbox.
 */
export const sandboxed = defineContract<AgentLogHistory>({
  id: 'durability/sandboxed',
  statement: "A run writes nowhere outside its sandbox: the decoy workspace outside it is untouched, byte for byte.",
  from: ['PLAT-114'],
  port: 'agent-log',
  exercise: 'named',
  exercisedBy: (scenario) => (agentLogPlan(scenario.given, scenario.steps).calls.some((c) => c.writable) ? true : nothingToWrite),
  needs: () => ['files'],
  check(history) {
    const run = agentLogRun(history)
    const note = run.sandbox
    if (note && !note.decoyUntouched) return broken('the decoy workspace outside the sandbox was changed', { decoyUntouched: false, changed: note.decoyChanged ?? [] })
    pre(run.observes.includes('files'), 'the kit cannot observe the files an implementation writes on this connection (it shares the kit’s working folder)')
    const writes = run.calls.filter((c) => c.writable)
    pre(writes.length > 0, nothingToWrite)
    const sandbox = need(note, 'the driver left no note on the sandbox: the decoy workspace was never compared')
    const answered = writes.filter((c) => c.outcome === 'ok')
    if (answered.length < writes.length) return unknown(`${(writes.length - answered.length).toLocaleString('en-US')} of the ${counted(writes.length, 'start and completion call')} in a writable workspace did not succeed, so the run was never seen writing`)
    const made = filesMade(sandbox.files)
    if (made.length === 0) return unknown('the run wrote no file inside its sandbox either, so an untouched decoy shows nothing about where it writes')
    const files = made.filter((f) => !f.endsWith('/'))
    const shown = files.length > 0 ? files : made
    const decoy = sandbox.decoyFiles ?? 0
    return held(
      `the decoy workspace outside the sandbox (${counted(decoy, 'file')}) is unchanged byte for byte after ${counted(answered.length, 'answered start and completion call')}, which wrote ${counted(files.length, 'file')} inside the sandbox (${shown.slice(0, 2).join(', ')}${shown.length > 2 ? ', …' : ''})`,
      { writes: answered.length, madeInside: made, decoyFiles: decoy, decoyChanged: 0 },
    )
  },
})

/** Checks durability/sandboxed (returns the result). */
export const checkSandboxed = sandboxed.check
/** Asserts durability/sandboxed (throws unless held). */
export const assertSandboxed = sandboxed.assert
