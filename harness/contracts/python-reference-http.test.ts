import { portVerdicts } from '#harness/__test-helpers__/port-verdicts.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { connect } from 'node:net'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pythonInterpreter } from '#harness/__test-helpers__/python-interpreter.ts'
import { missingObservations } from '#harness/adapters/observation.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario, scenarioNeeds } from '#harness/runner/replay-scenario.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

// The Python reference of examples/python/ served over HTTP (`--http 127.0.0.1:0`, docs/http-protocol.md) and checked
// through `http:<url>` as any running service is: one process for the whole file, started as a user starts it (its URL
// is stdout's first line), every pager scenario and every agent-log scenario replayed by the kit's runner, and the
// process ended, with nothing left listening, after them. The service the kit starts from a profile is
// python-reference-http-profile.test.ts's.

const script = fileURLToPath(new URL('../../examples/python/contract_kit_reference.py', import.meta.url))
const pool = new ConnectionPool()
let service: ChildProcess
let url: string
let stderr = ''

beforeAll(async () => {
  // --until-stdin-ends: should this worker die before afterAll, its end of the pipe closing stops the service too
  service = spawn(pythonInterpreter(), [script, '--http', '127.0.0.1:0', '--until-stdin-ends'], { stdio: ['pipe', 'pipe', 'pipe'] })
  service.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
  const lines = createInterface({ input: service.stdout! })
  const exited = once(service, 'exit').then(([code]) => Promise.reject(new Error(`the Python service exited ${code} before printing its URL; stderr: ${stderr}`)))
  exited.catch(() => {}) // once the URL came, a later exit is afterAll's to judge
  const [first] = (await Promise.race([once(lines, 'line'), exited])) as [string]
  url = first
}, 30_000)

afterAll(async () => {
  await pool.closeAll()
  if (service.exitCode === null && service.signalCode === null) {
    const exited = once(service, 'exit')
    service.kill('SIGTERM')
    const [code, signal] = await exited
    expect({ code, signal }, stderr).toEqual({ code: 0, signal: null }) // SIGTERM stops it cleanly
  }
  // nothing is left running: the process is gone and its port refuses connections
  expect(() => process.kill(service.pid!, 0)).toThrow(expect.objectContaining({ code: 'ESRCH' }))
  const socket = connect(Number(new URL(url).port), '127.0.0.1')
  const [error] = (await once(socket, 'error').catch((e: unknown) => [e])) as [NodeJS.ErrnoException]
  expect(error.code).toBe('ECONNREFUSED')
}, 30_000)

describe('the Python reference over HTTP (examples/python, --http 127.0.0.1:0)', () => {
  it('prints its URL on stdout first, declares both ports, and answers only POST /rpc', async () => {
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/rpc$/)
    const connection = await resolveAdapter(`http:${url}`).open()
    try {
      expect(connection.system).toEqual({ name: 'python-reference', transport: 'http', ports: ['agent-log', 'pager'], url })
      expect(connection.observes).toEqual([])
    } finally {
      await connection.close()
    }
    const post = (body: string, at = url) => fetch(at, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    const parseError = await post('{"jsonrpc": "2.0", "id": 1, "method": ')
    expect(parseError.status).toBe(200)
    expect(await parseError.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700, message: expect.stringMatching(/^Parse error: the body is not JSON/) } })
    const unknown = await post('{"jsonrpc": "2.0", "id": 7, "method": "no.such", "params": {}}')
    expect(await unknown.json()).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found: no.such' } })
    const notification = await post('{"jsonrpc": "2.0", "method": "initialize", "params": {}}')
    expect([notification.status, await notification.text()]).toEqual([204, ''])
    const elsewhere = await post('{}', url.replace(/\/rpc$/, '/nowhere'))
    expect([elsewhere.status, await elsewhere.text()]).toEqual([404, '404 Not Found: this service answers POST /rpc only\n'])
    const get = await fetch(url)
    expect([get.status, get.headers.get('allow'), await get.text()]).toEqual([405, 'POST', '405 Method Not Allowed: this service answers POST /rpc only\n'])
  })

  it('holds every pager scenario', async () => {
    const verdicts = await portVerdicts(resolveAdapter(`http:${url}`), 'pager', pool)
    expect(Object.keys(verdicts).length).toBeGreaterThan(10)
    expect(verdicts, stderr).toEqual(Object.fromEntries(Object.keys(verdicts).map((id) => [id, 'held'])))
  }, 120_000)

  it('holds every agent-log scenario it can run; those that need a kill and restart, its stderr or its files are untestable, saying so', async () => {
    const adapter = resolveAdapter(`http:${url}`)
    const scenarios = (await loadScenarios(scenarioRoot)).filter((s) => s.scenario.port === 'agent-log')
    const verdicts: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const loaded of scenarios) {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [] })
      // an untestable run's reason starts with its verdict: `untestable: http:<url> is a service already running, …`
      verdicts[outcome.scenario] = outcome.verdict === 'untestable' ? outcome.error!.message : outcome.error ? `${outcome.verdict}: ${outcome.error.message}` : outcome.verdict
      const missing = missingObservations(scenarioNeeds(loaded), [])
      expected[loaded.id] =
        missing.length === 0 ? 'held' : expect.stringMatching(new RegExp(`^untestable: http:${url} is a service already running, reached over HTTP, so the kit cannot observe .*${missing.map((o) => `\\(${o}\\)`).join('.*')}.*, which this scenario needs; run it over stdio`))
      if (outcome.verdict === 'untestable') expect(outcome.contracts.filter((c) => c.verdict !== 'unknown'), outcome.scenario).toEqual([])
    }
    expect(verdicts, stderr).toEqual(expected)
    // as in process (docs/http-protocol.md): twelve untestable, eight held
    expect(Object.values(verdicts).filter((v) => v === 'held')).toHaveLength(8)
    expect(Object.values(verdicts).filter((v) => v.startsWith('untestable: '))).toHaveLength(12)
    expect(verdicts['regressions/plat-114/crash-leaves-running-row']).toContain('(kill-restart)')
    expect(verdicts['regressions/plat-114/write-failure-is-best-effort']).toContain('(stderr)')
  }, 120_000)
})
