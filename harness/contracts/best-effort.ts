import type { AgentLogHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import { agentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import type { AgentLogCall, AgentLogRun } from '#harness/contracts/agent-log/agent-log-run.ts'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { counted } from '#harness/contracts/counted.ts'
import { judgeDamagedReads, readsDamagedStore } from '#harness/contracts/agent-log/damaged-reads.ts'
import { quoted } from '#harness/contracts/text-difference.ts'

const noFailure = 'the store is writable and the kit never damaged it (or the session has no workspace): no write or read fails, so there is no failure to judge'

/** The note a kept stderr starts with when the kit dropped its earliest bytes (`StderrTail`). */
const droppedNote = /^\[… [\d,]+ earlier bytes of stderr dropped\]\n/

/** The line that reports a failed write, anywhere in a stderr line (a timestamp or a level may come before it). */
export const writeFailedLine = /agent-log: write failed: \S/i

/**
 * durability/best-effort: A store failure never reaches the caller: setup, every start and completion, and records
 * answer normally (records, after the kit damaged the store, with the rows it can still read or `[]`); and each failed
 * write is reported on stderr after it, as an `agent-log: write failed: <reason>` line.
 */
export const bestEffort = defineContract<AgentLogHistory>({
  id: 'durability/best-effort',
  statement:
    'A store failure never reaches the caller — setup, every start and completion, and records answer normally — and each failed write is reported on stderr, after it, as an "agent-log: write failed: <reason>" line.',
  from: ['PLAT-114'],
  port: 'agent-log',
  exercisedBy: (scenario) => {
    const plan = agentLogPlan(scenario.given, scenario.steps)
    return plan.calls.some(unwritable(scenario.given.store)) || readsDamagedStore(plan.checks) ? true : noFailure
  },
  needs: (scenario) => (scenario.given.store === 'unwritable' ? ['stderr'] : []),
  check(history) {
    const run = agentLogRun(history)
    const reached = failureReached(run)
    if (reached) return reached
    // a damaged store is one of a writable workspace: no write need fail there, so what is judged is what records answered
    if (readsDamagedStore(run.checks)) return judgeDamagedReads(run)
    const exposed = run.calls.filter(unwritable(run.store))
    pre(exposed.length > 0, noFailure)
    const answered = exposed.filter((c) => c.outcome === 'ok')
    if (answered.length < exposed.length) return unknown(`${(exposed.length - answered.length).toLocaleString('en-US')} of the ${counted(exposed.length, 'start and completion call')} made while the store was unwritable were never answered`)
    pre(run.observes.includes('stderr'), 'the kit cannot observe stderr on this connection, so whether the write failure was reported cannot be judged')
    const byProcess = new Map<number, AgentLogCall[]>()
    for (const call of exposed) byProcess.set(call.started ?? 0, [...(byProcess.get(call.started ?? 0) ?? []), call])
    const reports: string[] = []
    for (const [index, calls] of byProcess) {
      const stderr = run.stderrOf[index]
      if (stderr === undefined) return unknown(`the stderr of process ${index + 1} of the run, which made ${counted(calls.length, 'write')} the store could not take, was never read (the process never ended)`)
      // a stderr longer than the kit keeps starts with a note of what it dropped: the offsets noted before then no longer hold
      const dropped = droppedNote.exec(stderr)?.[0]
      const from = dropped ? dropped.length : calls.reduce((least, c) => Math.min(least, c.stderrBefore ?? 0), Infinity)
      const lines = stderr.slice(from).split('\n').filter((l) => writeFailedLine.test(l))
      if (lines.length < calls.length && dropped) {
        return unknown(`the store could not take ${counted(calls.length, 'write')} in process ${index + 1} of the run, whose stderr outgrew what the kit keeps of it (${dropped.slice(1, -2)}): the reports of its earliest writes are gone, so they cannot be counted (${lines.length.toLocaleString('en-US')} reports kept)`)
      }
      if (lines.length < calls.length) {
        const said = stderr.split('\n').filter((l) => l.trim() !== '')
        return broken(
          `the store could not take ${counted(calls.length, 'write')}, and stderr reported ${lines.length === 0 ? 'none' : `only ${lines.length}`} of them after the failing write (an "agent-log: write failed: <reason>" line each)${said.length > 0 ? `; it said: ${quoted(said[0], 100)}` : ', nor anything else'}`,
          { store: 'unwritable', writes: calls.length, reported: lines.length, stderr: clip(stderr, 400), from },
        )
      }
      reports.push(...lines)
    }
    return held(
      `${answered.length.toLocaleString('en-US')} of ${exposed.length.toLocaleString('en-US')} start and completion calls answered with the store unwritable; stderr reported each failed write after it, in ${counted(reports.length, 'line')}: ${quoted(reports[0], 100)}`,
      { answered: answered.length, calls: exposed.length, stderrLines: reports.length, firstLine: reports[0] },
    )
  },
})

/** A store failure that reached the caller, in any scenario: an error answered to setup, a start or completion, or records. */
function failureReached(run: AgentLogRun): ContractResult | undefined {
  const failed = run.calls.filter((c) => c.outcome === 'fail')
  if (failed.length > 0) {
    const more = failed.length > 1 ? ` (and ${counted(failed.length - 1, 'more call')} failed)` : ''
    return broken(`${failed[0].f} failed the agent ${failed[0].agentId}: ${errorText(failed[0].message)}${more}`, {
      failed: failed.slice(0, 3).map(({ f, agentId, step, message }) => ({ f, agentId, step, message })),
      failedCalls: failed.length,
      calls: run.calls.length,
    })
  }
  const setup = run.setups.find((s) => s.outcome === 'fail')
  if (setup) return broken(`agent-log.setup answered an error${setup.step >= 0 ? ` at step ${setup.step}` : ' when its process started'}: ${errorText(setup.message)}`, { failed: [{ f: 'agent-log.setup', step: setup.step, message: setup.message }], workspacePath: setup.workspacePath })
  const read = run.checks.find((c) => c.failed !== undefined)
  if (read) return broken(`agent-log.records answered an error at the check of step ${read.step}: ${errorText(read.failed)}`, { failed: [{ f: 'agent-log.records', step: read.step, message: read.failed }], store: run.store })
  return undefined
}

/** An implementation's error text as a message quotes it (escaped, cut), or that it gave none. */
function errorText(text: string | undefined): string {
  return text === undefined ? '(no message)' : quoted(text, 100)
}

function unwritable(store: string): (call: { workspace: string }) => boolean {
  return (call) => call.workspace === 'sandboxed' && store === 'unwritable'
}

function clip(text: string, max = 100): string {
  return text.length > max ? `${text.slice(0, max - 3)}...` : text
}

/** Checks durability/best-effort (returns the result). */
export const checkBestEffort = bestEffort.check
/** Asserts durability/best-effort (throws unless held). */
export const assertBestEffort = bestEffort.assert
