import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { portVerdicts } from '#harness/__test-helpers__/port-verdicts.ts'
import { resolveAdapter, UnknownAdapterError } from '#harness/adapters/index.ts'
import { packageRoot } from '#harness/package/package-root.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { loadScenarioFile } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

/** serve-http started from source for one bundled system, as a user starts a service: its URL is its first stdout line. */
async function startServeHttp(system: string): Promise<{ url: string; child: ChildProcess }> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href
  const script = join(packageRoot, 'fixtures/systems/serve-http.ts')
  const child = spawn(process.execPath, ['--import', tsx, script, system, '--until-stdin-ends'], { stdio: ['pipe', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  const [first] = (await Promise.race([once(lines, 'line'), once(child, 'exit').then(([code]) => Promise.reject(new Error(`serve-http ${system} exited ${code} before printing its URL`)))])) as [string]
  return { url: first, child }
}

const services: ChildProcess[] = []
const pool = new ConnectionPool()
let pager: string
let agentLog: string
beforeAll(async () => {
  const started = await Promise.all([startServeHttp('pager/reference'), startServeHttp('agent-log/reference')])
  services.push(...started.map((s) => s.child))
  ;[pager, agentLog] = started.map((s) => s.url) as [string, string]
}, 60_000)
afterAll(async () => {
  await pool.closeAll()
  await Promise.all(
    services.map(async (child) => {
      if (child.exitCode !== null || child.signalCode !== null) return
      const exited = once(child, 'exit')
      child.kill('SIGTERM')
      await exited
    }),
  )
})

describe('the http: adapter, against serve-http', () => {
  it('opens with the handshake and shows the service as http, by its URL, observing nothing beyond its answers', async () => {
    expect(pager).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rpc$/)
    const connection = await resolveAdapter(`http:${pager}`).open()
    try {
      expect(connection.system).toEqual({ name: 'pager/reference', transport: 'http', ports: ['pager'], url: pager })
      expect(connection.observes).toEqual([])
      expect(await connection.port('pager').read({ collection: 'nope' })).toMatchObject({ ok: false, error: { code: expect.any(String) } })
      expect(() => connection.port('agent-log')).toThrow("pager/reference did not declare the port 'agent-log' in its initialize answer (it declared: pager)")
    } finally {
      await connection.close()
    }
    // closing the connection leaves the service up
    const again = await resolveAdapter(`http:${pager}`).open()
    await again.close()
  })

  // but the 400-exchange walk: the same pages ten times over, which transport-equivalence-pager replays over HTTP
  it('holds every pager scenario, replayed by the kit’s runner over one shared connection', async () => {
    const verdicts = await portVerdicts(resolveAdapter(`http:${pager}`), 'pager', pool, ['pager/four-hundred-exchanges'])
    expect(Object.keys(verdicts).length).toBeGreaterThan(10)
    expect(verdicts).toEqual(Object.fromEntries(Object.keys(verdicts).map((id) => [id, 'held'])))
  }, 120_000)

  it('an agent-log scenario that kills and restarts the implementation is untestable: the kit did not start the service', async () => {
    const loaded = await loadScenarioFile(join(scenarioRoot, 'regressions/plat-114/crash-leaves-running-row.yaml'), scenarioRoot)
    const adapter = resolveAdapter(`http:${agentLog}`)
    const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
    expect(outcome.verdict).toBe('untestable')
    expect(outcome.system).toMatchObject({ transport: 'http', url: agentLog, ports: ['agent-log'] })
    expect(outcome.error?.message).toContain(`http:${agentLog} is a service already running, reached over HTTP, so the kit cannot observe its process id (pid); its process, to kill with SIGKILL and start again on the same store (kill-restart), which this scenario needs; run it over stdio (stdio:<command>), or from a profile with transport: http and a start command, where the kit starts it and can`)
  })

  it('a URL the service does not answer on makes each run an error naming it (HTTP 404), and the runs go on', async () => {
    const gone = `http://127.0.0.1:${new URL(pager).port}/nowhere`
    const adapter = resolveAdapter(`http:${gone}`)
    const error = await adapterRejection(adapter.open())
    expect(error.message).toBe(`${gone} answered \`initialize\` with HTTP 404 Not Found: "serve-http answers POST /rpc only\\n"`)
    const loaded = await loadScenarioFile(join(scenarioRoot, 'pager/invalid-cursor.yaml'), scenarioRoot)
    for (let run = 0; run < 2; run++) {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
      expect(outcome.verdict).toBe('error')
      expect(outcome.error?.message).toContain(`${gone} answered \`initialize\` with HTTP 404 Not Found`)
    }
  })

  it('refuses an http: adapter name whose URL is not http:// or https://, as bad usage', () => {
    expect(() => resolveAdapter('http:ftp://127.0.0.1/rpc')).toThrow(UnknownAdapterError)
    expect(() => resolveAdapter('http:http://127.0.0.1:8080/rpc#top')).toThrow('a URL with a #fragment names no other resource: leave it out')
    expect(() => resolveAdapter('http:127.0.0.1:8080')).toThrow('--adapter "http:127.0.0.1:8080": "127.0.0.1:8080" is not a URL; expected http:<url> of a running service, e.g. http:http://127.0.0.1:8080/rpc')
    expect(() => resolveAdapter('http://127.0.0.1:8080/rpc')).toThrow('--adapter "http://127.0.0.1:8080/rpc": the URL goes after the http: prefix: write http:http://127.0.0.1:8080/rpc')
    expect(resolveAdapter('http:https://example.test/a/b?c=1').name).toBe('http:https://example.test/a/b?c=1')
  })
})
