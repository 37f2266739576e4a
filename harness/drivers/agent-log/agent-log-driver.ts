import type { Connection } from '#harness/adapters/adapter.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import type { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { ScriptedHistory } from '#harness/history/history.ts'
import type { AgentLogScenario, AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'
import { createAgentLogSandbox } from '#harness/drivers/agent-log/agent-log-sandbox.ts'

/** An agent-log scenario made ready: its given and steps, and the session id the runs share. */
export interface PreparedAgentLog {
  given: AgentLogScenario['given']
  steps: AgentLogStep[]
  sessionId: string
}

/**
 * The agent-log port's driver: runs the implementation as a process of its own in a sandbox (its working folder), with
 * a decoy workspace outside it; replays the starts, completions and other activity; kills it with SIGKILL, restarts it
 * on the same store, or reuses the session as the steps say — every pid in the History — and reads the records back.
 */
export const agentLogDriver: Driver<AgentLogScenario, PreparedAgentLog> = {
  prepare: (scenario) => ({ given: scenario.given, steps: scenario.steps, sessionId: 'session-plat-114' }),
  async drive(_pooled, prepared, recorder, context) {
    const { given, sessionId } = prepared
    const sandbox = createAgentLogSandbox(given.workspace as 'sandboxed' | 'none', given.store as 'writable' | 'unwritable')
    const decoyBefore = JSON.stringify(sandbox.scanDecoy())
    const setup = { workspacePath: sandbox.workspace, sessionId, uiEventCap: given.uiEventCap }
    let live: Connection | undefined
    const start = async () => {
      live = await context.open({ cwd: sandbox.root })
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
      const stderr = live.stderr()
      await live.close()
      recorder.note(`process ${how}`, { pid: pid ?? null, signal: how === 'killed' ? 'SIGKILL' : null, stderr })
      live = undefined
    }
    try {
      await start()
      for (const [index, step] of prepared.steps.entries()) {
        const port = () => live!.port('agent-log')
        if (typeof step === 'string') {
          if (step === 'kill') await end('killed')
          else if (step === 'restart') {
            await end('stopped')
            await start()
          } else if (step === 'reuse') {
            recorder.note('session reused', { sessionId })
            await call(recorder, 'agent-log.setup', setup, index, () => port().setup(setup))
          } else {
            if (!live) await start()
            await call(recorder, 'agent-log.records', { sessionId }, index, () => port().records({ sessionId }))
          }
        } else if ('start' in step) {
          const s = step.start
          const event = { sessionId, agentId: s.agent, name: s.name, kind: s.kind, parentExecutionId: s.parent }
          await call(recorder, 'agent-log.agentStarted', event, index, () => port().agentStarted(event))
        } else if ('complete' in step) {
          const c = step.complete
          const event = { sessionId, agentId: c.agent, status: c.status, result: c.result, error: c.error, duration: c.duration }
          await call(recorder, 'agent-log.agentCompleted', event, index, () => port().agentCompleted(event))
        } else {
          const request = { sessionId, count: step.activity }
          await call(recorder, 'agent-log.uiActivity', request, index, () => port().uiActivity(request))
        }
      }
    } finally {
      await end('stopped').catch(() => undefined)
      const files = Object.entries(sandbox.scan()).filter(([, e]) => e.kind === 'file').map(([path]) => path)
      recorder.note('sandbox', { root: sandbox.root, workspace: sandbox.workspace, files, decoyUntouched: JSON.stringify(sandbox.scanDecoy()) === decoyBefore })
      sandbox.remove()
    }
  },
  history(prepared, fields, recorder): ScriptedHistory {
    return {
      format: 'contract-kit/history@1',
      port: 'agent-log',
      ...fields,
      fixture: null,
      given: { ...prepared.given },
      oracle: { sessionId: prepared.sessionId, steps: prepared.steps },
      events: recorder.events,
    }
  },
}

/** Records one port call; a failure the implementation answered (an error reaching the agent) is a `fail`, an adapter failure stops the run. */
async function call(recorder: HistoryRecorder, f: string, value: unknown, step: number, run: () => Promise<unknown>): Promise<void> {
  const invoke = recorder.invoke(f, value, step)
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
