import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { once } from 'node:events'
import { createServer } from 'node:net'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, describe, expect, it } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { gone } from '#harness/adapters/__test-helpers__/gone.ts'
import { resolveAdapter, resolvePlanAdapter, UnknownAdapterError } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { createStartedHttpAdapter } from '#harness/adapters/started-http-adapter.ts'
import { packageRoot } from '#harness/package/package-root.ts'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import { planAdapterOfProfile } from '#harness/profiles/plan-adapter-of-profile.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { loadScenarioFile, loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-started-http-'))
const pool = new ConnectionPool()
afterAll(async () => {
  await pool.closeAll()
  rmSync(folder, { recursive: true, force: true })
})

/** serve-http from source, serving one bundled system on a free port: it prints its URL as its first stdout line. */
const serveHttp = (system: string): string[] => [process.execPath, '--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href, join(packageRoot, 'fixtures/systems/serve-http.ts'), system, '--port', '0']

/** Writes a profile into the temp folder and returns the adapter of its plan entry. */
let written = 0
const profileAdapter = (text: string) => {
  const file = join(folder, `profile-${++written}.yaml`)
  writeFileSync(file, text)
  return resolvePlanAdapter(planAdapterOfProfile(loadProfile(file)))
}

/** Whether a process id still names a running process (not gone, nor a zombie waiting to be reaped). */
const running = (pid: number): boolean => !gone(pid)

/** A port on 127.0.0.1 that nothing listens on (it was free a moment ago). */
async function closedPort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as { port: number }
  server.close()
  await once(server, 'close')
  return port
}

const crashLeavesRunningRow = () => loadScenarioFile(join(scenarioRoot, 'regressions/plat-114/crash-leaves-running-row.yaml'), scenarioRoot)

describe('a profile with transport: http and start: the kit starts the service and owns it', () => {
  const startProfile = `name: agent-log-over-http\nports: [agent-log]\ntransport: http\nurl: stdout\nstart: ${JSON.stringify(serveHttp('agent-log/reference'))}\n`

  it('runs the kill/restart scenario held, starting the service in the sandbox again after SIGKILL, and leaves nothing running', async () => {
    const outcome = await replayScenario(await crashLeavesRunningRow(), { adapter: profileAdapter(startProfile), pool, expectations: [], keepHistories: true })
    expect(outcome.error?.message).toBeUndefined()
    expect(outcome.verdict).toBe('held')
    expect(outcome.system).toMatchObject({ name: 'agent-log/reference', transport: 'http', ports: ['agent-log'], url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/rpc$/) })
    const notes = outcome.history!.events.flatMap((e) => (e.type === 'note' ? [e] : []))
    const pids = notes.filter((n) => n.what === 'process started').map((n) => (n.value as { pid: number }).pid)
    expect(pids).toHaveLength(2)
    expect(pids[1]).not.toBe(pids[0])
    expect(notes.find((n) => n.what === 'process killed')?.value).toMatchObject({ pid: pids[0], signal: 'SIGKILL' })
    for (const pid of pids) expect(running(pid)).toBe(false)
  }, 60_000)

  it('the same service named by its URL alone (no start) leaves that scenario untestable', async () => {
    const started = await profileAdapter(startProfile).open()
    try {
      expect(started.observes).toEqual(['stderr', 'pid', 'kill-restart', 'files'])
      const adapter = profileAdapter(`name: agent-log-up\nports: [agent-log]\ntransport: http\nurl: ${started.system.url}\n`)
      const outcome = await replayScenario(await crashLeavesRunningRow(), { adapter, pool, expectations: [] })
      expect(outcome.verdict).toBe('untestable')
      expect(outcome.error?.message).toContain('agent-log-up is a service already running, reached over HTTP, so the kit cannot observe its process id (pid)')
    } finally {
      await started.close()
    }
    expect(running(started.system.pid!)).toBe(false)
  }, 60_000)
})

describe('a started service that dies once ready', () => {
  it('a call after it was killed says how it ended, with its stderr', async () => {
    const adapter = createStartedHttpAdapter({ name: 'pager', command: serveHttp('pager/reference'), url: 'stdout' })
    const connection = await adapter.open()
    try {
      process.kill(-connection.system.pid!, 'SIGKILL')
      const error = await adapterRejection(connection.port('pager').read({ collection: 'c' }))
      expect(error.failure).toBe('crashed')
      expect(error.message).toMatch(/; the service was killed by SIGKILL\n(last stderr:|\(stderr was empty\))/)
    } finally {
      await connection.close()
    }
    expect(running(connection.system.pid!)).toBe(false)
  }, 30_000)
})

describe('a started service that is not ready', () => {
  const reportsPid = (then: string) => [process.execPath, '-e', `console.error('service pid ' + process.pid + ': cannot open its store'); ${then}`]
  const pidIn = (message: string) => Number(/service pid (\d+)/.exec(message)?.[1])

  it('one that exits before it answers is an error naming the exit and its stderr, and nothing is left running', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/rpc`
    const adapter = createStartedHttpAdapter({ name: 'dies', command: reportsPid('setTimeout(() => process.exit(3), 50)'), url })
    const error = await adapterRejection(adapter.open())
    expect(error.failure).toBe('crashed')
    expect(error.message).toMatch(/^the service started as \[.*\] exited with code 3 before it answered `initialize` at http:\/\/127\.0\.0\.1:\d+\/rpc\nlast stderr:\nservice pid \d+: cannot open its store/)
    expect(error.stderr).toContain('cannot open its store')
    expect(running(pidIn(error.message))).toBe(false)
  })

  it('one that exits before printing its URL (url: stdout) says so', async () => {
    const adapter = createStartedHttpAdapter({ name: 'dies', command: reportsPid('process.exitCode = 4'), url: 'stdout' })
    const error = await adapterRejection(adapter.open())
    expect(error.message).toMatch(/exited with code 4 before it printed its URL on stdout\nlast stderr:\nservice pid \d+: cannot open its store/)
  })

  it('one that prints something else than a URL first is a protocol error quoting the line', async () => {
    const adapter = createStartedHttpAdapter({ name: 'chatty', command: [process.execPath, '-e', "console.log('starting up…'); setInterval(() => {}, 1000)"], url: 'stdout' })
    const error = await adapterRejection(adapter.open())
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('printed "starting up…" as its first stdout line, where the profile (url: stdout) expects its URL')
  })

  it('one that never listens is a timeout after the start timeout, and it is stopped', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/rpc`
    const adapter = createStartedHttpAdapter({ name: 'deaf', command: reportsPid('setInterval(() => {}, 1000)'), url, startTimeoutMs: 600 })
    const error = await adapterRejection(adapter.open())
    expect(error.failure).toBe('timeout')
    expect(error.message).toContain(`was not ready within 600 ms: ${url} still refused connections; the kit stopped it`)
    expect(running(pidIn(error.message))).toBe(false)
  })
})

describe('pager/reference@http: a bundled pager served over HTTP as a started service', () => {
  it('resolves, holds the pager scenarios over one started service, shows how to start it, and ends it on close', async () => {
    await loadShippedSystems(['pager', 'snapshotter', 'session-client'])
    expect(() => resolveAdapter('snapshotter/reference@http')).toThrow(UnknownAdapterError)
    expect(() => resolveAdapter('session-client/reference@http')).toThrow(UnknownAdapterError)
    const adapter = resolveAdapter('pager/reference@http')
    const connection = await adapter.open()
    const pid = connection.system.pid!
    try {
      expect(connection.system).toMatchObject({ name: 'pager/reference', transport: 'http', ports: ['pager'], url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/rpc$/) })
      expect(connection.system.command).toEqual(expect.arrayContaining([expect.stringMatching(/serve-http\.(ts|js)$/), 'pager/reference', '--port', '0']))
      expect(running(pid)).toBe(true)
    } finally {
      await connection.close()
    }
    expect(running(pid)).toBe(false)
    // five of them (transport-equivalence-pager replays every one over HTTP), not the 400-exchange walk
    const scenarios = (await loadScenarios(scenarioRoot)).filter((s) => s.scenario.port === 'pager' && s.id !== 'pager/four-hundred-exchanges').slice(0, 5)
    const verdicts: Record<string, string> = {}
    for (const loaded of scenarios) {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
      verdicts[outcome.scenario] = outcome.error ? `${outcome.verdict}: ${outcome.error.message}` : outcome.verdict
    }
    expect(verdicts).toEqual(Object.fromEntries(scenarios.map((s) => [s.id, 'held'])))
  }, 60_000)
})
