import { afterAll, describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { processObservations } from '#harness/adapters/observation.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import type { AgentLogPort } from '#harness/ports/agent-log-port.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { loadScenarioFile } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { createAgentLog } from '#fixtures/systems/agent-log/create-agent-log.ts'

// An agent log that leaves a named pipe in its working folder (the sandbox the kit lists): the kit never opens it, and
// the run ends `error` naming it, with whole notes — never a worker blocked in open(2). A test that would hang fails at 10 s.
const loaded = await loadScenarioFile(join(scenarioRoot, 'agent-log/record-keeps-every-field.yaml'), scenarioRoot)
const pool = new ConnectionPool()
afterAll(() => pool.closeAll())

/** The reference log, which also makes `agent-log.pipe` beside its workspace (in its working folder) at its first setup. */
function leavingAPipe(): AgentLogPort {
  const log = createAgentLog()
  return {
    ...log,
    async setup(params) {
      const pipe = params.workspacePath === null ? null : join(dirname(params.workspacePath), 'agent-log.pipe')
      if (pipe !== null && !existsSync(pipe)) execFileSync('mkfifo', [pipe])
      return log.setup(params)
    },
  }
}

/** In process, but claiming what a process lets the kit observe (its files), so the sandbox scenarios are driven. */
function observingInProcess(name: string, create: () => AgentLogPort): Adapter {
  const inner = createInProcessAdapter({ name, create: () => ({ name, ports: { 'agent-log': create() } }), timeoutMs: 5_000 })
  return {
    name,
    async open() {
      const connection = await inner.open()
      return { system: connection.system, port: (port) => connection.port(port), observes: processObservations, stderr: () => '', close: () => connection.close() }
    },
  }
}

describe('the agent-log driver lists its working folder without opening what it cannot read', () => {
  test('a named pipe (FIFO) in the working folder: the run ends `error`, naming it; every listing notes it', { timeout: 10_000 }, async () => {
    const outcome = await replayScenario(loaded, { adapter: observingInProcess('leaves-a-fifo', leavingAPipe), pool, expectations: [] })
    expect(outcome.verdict).toBe('error')
    expect(outcome.error?.message).toBe(
      'protocol: the implementation left a named pipe (FIFO) in its working folder: "agent-log.pipe"; the kit reads only regular files an implementation leaves (a pipe would block the reader), so it judges nothing of this run',
    )
    const notes = (outcome.history?.events ?? []).flatMap((e) => (e.type === 'note' && e.what.startsWith('sandbox') ? [e.value as Record<string, unknown>] : []))
    expect(notes.map((n) => n.refused)).toEqual(notes.map(() => [{ path: 'agent-log.pipe', reason: 'a named pipe (FIFO), not a regular file: never read' }]))
    expect(notes.at(-1)).toMatchObject({ files: expect.arrayContaining(['agent-log.pipe', 'workspace/db/db.sqlite']), decoyUntouched: true })
  })

  test('the same log without the pipe is judged as usual (held)', { timeout: 10_000 }, async () => {
    const outcome = await replayScenario(loaded, { adapter: observingInProcess('reference', () => createAgentLog()), pool, expectations: [] })
    expect(outcome.verdict).toBe('held')
  })
})
