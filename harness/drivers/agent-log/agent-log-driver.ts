import type { Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import { readWall, type HistoryRecorder } from '#harness/history/history-recorder.ts'
import { historyFormat } from '#harness/history/history.ts'
import type { ScriptedHistory } from '#harness/history/history.ts'
import type { AgentLogScenario, AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'
import { createAgentLogSandbox } from '#harness/drivers/agent-log/agent-log-sandbox.ts'
import { refusedEntries } from '#harness/drivers/refused-entries.ts'
import { damageWorkspace } from '#harness/drivers/agent-log/damage-workspace.ts'
import { endsProcess } from '#harness/scenario/ends-process.ts'

/** The time zone an agent-log implementation's process runs in (UTC+05:30): a record stamped in local time lies 5.5 h outside its call. */
export const implementationTimeZone = 'Asia/Kolkata'

/** An agent-log scenario made ready: its given and steps, and the session it starts with. */
export interface PreparedAgentLog {
  given: AgentLogScenario['given']
  steps: AgentLogStep[]
  sessionId: string
}

/**
 * The agent-log port's driver: runs the implementation as a process of its own in a sandbox (its working folder), with
 * a decoy workspace holding a real store outside it and HOME, TMPDIR and the XDG folders pointed at folders it
 * watches; replays the starts, completions and other activity; kills it with SIGKILL, restarts it on the same store,
 * damages the store (`corrupt`: the process stopped, every regular file under the workspace overwritten with a line no
 * store reads, the next step a new process), reuses the session, or opens another session in the same process
 * (`setup`) as the steps say — every pid in the
 * History — and reads the records back, listing the sandbox's files at each check and at the end. A named pipe, socket
 * or device left in the sandbox (never opened) ends the run `error` once it is over.
 */
export const agentLogDriver: Driver<AgentLogScenario, PreparedAgentLog> = {
  needs: (scenario) => (scenario.steps.some(endsProcess) ? ['pid', 'kill-restart'] : []),
  prepare: (scenario) => ({ given: scenario.given, steps: scenario.steps, sessionId: scenario.given.session }),
  async drive(_pooled, prepared, recorder, context) {
    const { given } = prepared
    const sandbox = createAgentLogSandbox(given.store as 'writable' | 'unwritable', prepared.sessionId)
    const decoyBefore = sandbox.scanDecoy()
    const watchedBefore = sandbox.watched.scan()
    let sessionId = prepared.sessionId
    let workspace: string = given.workspace
    const setupFor = () => ({ workspacePath: workspace === 'none' ? null : sandbox.workspace, sessionId, uiEventCap: given.uiEventCap })
    let setup = setupFor()
    let live: Connection | undefined
    // the sandbox as listed now, with what the kit would not read in it; a pipe, socket or device there ends the run `error`
    const left: { error?: AdapterError } = {}
    const look = () => {
      const entries = sandbox.scan()
      const found = refusedEntries(entries, 'in its working folder')
      left.error ??= found.error
      return { files: sandbox.list(entries), ...(found.refused.length > 0 ? { refused: found.refused } : {}) }
    }
    const start = async () => {
      // TZ far from UTC: a stamp written in local time is hours off its call's time, not silently right on a UTC machine
      live = await context.open({ cwd: sandbox.root, env: { ...sandbox.watched.env, TZ: implementationTimeZone } })
      recorder.note('process started', { pid: live.system.pid ?? null, cwd: sandbox.root })
      await call(recorder, 'agent-log.setup', setup, -1, () => live!.port('agent-log').setup(setup))
    }
    const end = async (how: 'killed' | 'stopped') => {
      if (!live) return
      const pid = live.system.pid
      if (how === 'killed') {
        if (pid === undefined) throw new AdapterError('untestable', 'kill -9 needs the implementation in a process of its own: run it over stdio (…@stdio or stdio:<command>)')
        killGroup(pid)
      }
      await live.close()
      const stderr = live.stderr() // after it ended: what it said on its way out counts too
      recorder.note(`process ${how}`, { pid: pid ?? null, signal: how === 'killed' ? 'SIGKILL' : null, stderr })
      live = undefined
    }
    const port = async () => {
      if (!live) await start() // a step after a kill with no restart: a new process, as a restart would start
      return live!.port('agent-log')
    }
    // a write the store cannot take: where its process's stderr stood when it was sent (a report of it comes after)
    const markStderr = (step: number) => {
      if (given.store === 'unwritable' && setup.workspacePath !== null) recorder.note('stderr before write', { step, offset: live!.stderr().length })
    }
    try {
      await start()
      for (const [index, step] of prepared.steps.entries()) {
        if (typeof step === 'string') {
          if (step === 'kill') await end('killed')
          else if (step === 'restart') {
            await end('stopped')
            await start()
          } else if (step === 'corrupt') {
            // no process holds the store while the kit damages it: one running is stopped, and the next step starts one
            await end('stopped')
            const { damaged, left } = damageWorkspace(sandbox.workspace)
            recorder.note('store damaged', { step: index, damaged, ...(left.length > 0 ? { left } : {}) })
          } else if (step === 'reuse') {
            const log = await port()
            recorder.note('session reused', { sessionId })
            await call(recorder, 'agent-log.setup', setup, index, () => log.setup(setup))
          } else {
            const log = await port()
            const request = { sessionId }
            await call(recorder, 'agent-log.records', request, index, () => log.records(request))
            // what the run has written so far, for durability/scoped: a session with no workspace must have written nothing
            recorder.note('sandbox at check', { step: index, ...look() })
          }
        } else if ('start' in step) {
          const log = await port()
          const s = step.start
          const event = { sessionId, agentId: s.agent, name: s.name, kind: s.kind, parentExecutionId: s.parent }
          markStderr(index)
          await call(recorder, 'agent-log.agentStarted', event, index, () => log.agentStarted(event))
        } else if ('complete' in step) {
          const log = await port()
          const c = step.complete
          const event = { sessionId, agentId: c.agent, status: c.status, result: c.result, error: c.error, duration: c.duration }
          markStderr(index)
          await call(recorder, 'agent-log.agentCompleted', event, index, () => log.agentCompleted(event))
        } else if ('setup' in step) {
          // another session (or this one with another workspace) in the same process; a later restart reopens it
          const log = await port()
          workspace = step.setup.workspace ?? workspace
          sessionId = step.setup.session ?? sessionId
          const request = (setup = setupFor())
          await call(recorder, 'agent-log.setup', request, index, () => log.setup(request))
        } else {
          const log = await port()
          const request = { sessionId, count: step.activity }
          await call(recorder, 'agent-log.uiActivity', request, index, () => log.uiActivity(request))
        }
      }
    } finally {
      await end('stopped').catch(() => undefined)
      const decoyAfter = sandbox.scanDecoy()
      const decoyChanged = [...new Set([...Object.keys(decoyBefore), ...Object.keys(decoyAfter)])].filter((path) => JSON.stringify(decoyBefore[path]) !== JSON.stringify(decoyAfter[path])).sort()
      const decoyFiles = Object.values(decoyBefore).filter((e) => e.kind === 'file').length
      const outside = sandbox.watched.writesSince(watchedBefore, idsOf(prepared))
      recorder.note('sandbox', { root: sandbox.root, workspace: sandbox.workspace, ...look(), decoyUntouched: decoyChanged.length === 0, decoyFiles, decoyChanged, watched: Object.keys(sandbox.watched.env), outside })
      sandbox.remove()
    }
    if (left.error) throw left.error
  },
  history(prepared, fields, recorder): ScriptedHistory {
    return {
      format: historyFormat,
      port: 'agent-log',
      ...fields,
      fixture: null,
      given: { ...prepared.given },
      oracle: { sessionId: prepared.sessionId, steps: prepared.steps },
      events: recorder.events,
    }
  },
}

/** The session and agent ids a run uses: a file outside the sandbox holding one of them holds the run's records. */
function idsOf(prepared: PreparedAgentLog): string[] {
  const ids = new Set([prepared.sessionId])
  for (const step of prepared.steps) {
    if (typeof step !== 'object') continue
    if ('start' in step) ids.add(step.start.agent)
    else if ('complete' in step) ids.add(step.complete.agent)
    else if ('setup' in step && step.setup.session) ids.add(step.setup.session)
  }
  return [...ids]
}

/** Records one port call; a failure the implementation answered (an error reaching the agent) is a `fail`, an adapter failure stops the run. */
async function call(recorder: HistoryRecorder, f: string, value: unknown, step: number, run: () => Promise<unknown>): Promise<void> {
  // a start or completion stamps its record: the wall clock is read just before it is sent and just after it answers
  const stamps = f === 'agent-log.agentStarted' || f === 'agent-log.agentCompleted'
  const invoke = recorder.invoke(f, value, step, stamps ? readWall() : undefined)
  try {
    const result = await run()
    recorder.complete(invoke, { type: 'ok', ...(result === undefined ? {} : { value: result }) })
  } catch (error) {
    if (!(error instanceof AdapterError)) throw error
    if (error.failure === 'implementation') return void recorder.complete(invoke, { type: 'fail', error: { code: 'error', message: error.message } })
    recorder.complete(invoke, { type: 'info', error: { code: error.failure, message: error.message } })
    throw error
  }
}

function killGroup(pid: number): void {
  try {
    process.kill(-pid, 'SIGKILL')
  } catch {
    try {
      process.kill(pid, 'SIGKILL')
    } catch {
      // already gone
    }
  }
}
