import { once } from 'node:events'
import { createServer, type AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { startServeHttp, type ServeHttpChild } from '#harness/__test-helpers__/start-serve-http.ts'
import { doctorCommand } from '#harness/cli/doctor-command.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import { diagnoseHttp } from '#harness/doctor/diagnose-http.ts'
import type { Diagnosis } from '#harness/doctor/diagnosis.ts'

// doctor on a service already running (`http:<url>`), against serve-http serving pager/reference (one child process for
// the file, as a user starts a service) and against a port nothing listens on. One test at a time: what doctorCommand
// prints is read from console.log.

const statuses = (diagnosis: Diagnosis): Record<string, string> => Object.fromEntries(diagnosis.checks.map((check) => [check.id, check.status]))
const notApplicable = { startup: 'skip', stdout: 'skip', stderr: 'skip', 'stdin-close': 'skip', sigterm: 'skip' }

/** A URL on 127.0.0.1 at a port that was free a moment ago and that nothing listens on now. */
async function closedPortUrl(): Promise<string> {
  const server = createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  server.close()
  await once(server, 'close')
  return `http://127.0.0.1:${port}/rpc`
}

let service: ServeHttpChild
let closed: string
beforeAll(async () => {
  ;[service, closed] = await Promise.all([startServeHttp('pager/reference'), closedPortUrl()])
}, 60_000)
afterAll(async () => {
  await service.stop()
  expect(service.child.exitCode ?? service.child.signalCode).not.toBeNull() // nothing left running
})

let log: MockInstance<typeof console.log>
beforeEach(() => {
  log = vi.spyOn(console, 'log').mockImplementation(() => {})
})
afterEach(() => log.mockRestore())
const printed = (): string => log.mock.calls.map((call) => call.join(' ')).join('\n')

describe('diagnoseHttp', () => {
  it('passes a healthy service: reachable, its handshake, the latency of initialize; the checks about a process are not applicable', async () => {
    const diagnosis = await diagnoseHttp({ url: service.url, expectedPorts: ['pager'], latencyCalls: 4, maxCallMs: 5_000 })
    expect(diagnosis.checks.map((check) => check.id)).toEqual(['reachable', 'handshake', 'startup', 'stdout', 'stderr', 'latency', 'stdin-close', 'sigterm'])
    expect(statuses(diagnosis)).toEqual({ reachable: 'ok', handshake: 'ok', latency: 'ok', ...notApplicable })
    expect(diagnosis).toMatchObject({ ok: true, command: [], url: service.url, system: { name: 'pager/reference', ports: ['pager'] } })
    const [reachable, handshake, startup, , stderr, latency] = diagnosis.checks
    expect(reachable!.summary).toMatch(new RegExp(`^${service.url} took a connection \\(127\\.0\\.0\\.1:\\d+\\) in \\d+ ms$`))
    expect(handshake!.summary).toMatch(/^pager\/reference answered initialize in \d+ ms, declaring pager$/)
    expect(latency!.summary).toMatch(/^4 round trips of initialize: median \d+(\.\d)? ms, max \d+(\.\d)? ms \(threshold 5000 ms\)$/)
    expect(startup!.summary).toBe('not applicable: the kit did not start this service, so it cannot time its start-up (time it where you start it)')
    expect(stderr!.summary).toMatch(/^not applicable: the kit cannot see the stderr of a service it did not start/)
  })

  it('fails the handshake of a service that does not declare an expected port, and still times it', async () => {
    const diagnosis = await diagnoseHttp({ url: service.url, expectedPorts: ['agent-log'], latencyCalls: 2 })
    expect(statuses(diagnosis)).toMatchObject({ reachable: 'ok', handshake: 'fail', latency: 'ok' })
    expect(diagnosis.checks[1]!.summary).toBe('pager/reference declares pager, but not the expected agent-log')
    expect(diagnosis.ok).toBe(false)
  })

  it('fails a closed port as unreachable, naming the URL, and checks nothing more', async () => {
    const diagnosis = await diagnoseHttp({ url: closed })
    expect(statuses(diagnosis)).toEqual({ reachable: 'fail', handshake: 'skip', latency: 'skip', ...notApplicable })
    const [reachable, handshake] = diagnosis.checks
    expect(reachable!.summary).toBe(`could not connect to ${closed}: connection refused (ECONNREFUSED) at 127.0.0.1:${new URL(closed).port}; is the service up and listening there?`)
    expect(reachable!.fix).toMatch(/^doctor does not start an http: service: start it first/)
    expect(handshake!.summary).toBe(`not checked: ${closed} could not be reached`)
    expect(diagnosis.ok).toBe(false)
  })

  it('fails the handshake of a path the service does not answer on, with the status and a fix about the URL', async () => {
    const elsewhere = service.url.replace(/\/rpc$/, '/nowhere')
    const diagnosis = await diagnoseHttp({ url: elsewhere })
    expect(statuses(diagnosis)).toMatchObject({ reachable: 'ok', handshake: 'fail', latency: 'skip' })
    expect(diagnosis.checks[1]!.summary).toBe(`${elsewhere} answered \`initialize\` with HTTP 404 Not Found: "serve-http answers POST /rpc only\\n"`)
    expect(diagnosis.checks[1]!.fix).toMatch(/^Answer POST on the URL, exactly as given \(its path too\)/)
  })

  it('fails the handshake of an https:// URL on a plain-HTTP port, saying TLS failed', async () => {
    const https = service.url.replace(/^http:/, 'https:')
    const diagnosis = await diagnoseHttp({ url: https })
    expect(statuses(diagnosis)).toMatchObject({ reachable: 'ok', handshake: 'fail', latency: 'skip' })
    expect(diagnosis.checks[1]!.summary).toMatch(new RegExp(`^\`initialize\` to ${https.replace(/[.]/g, '\\.')} failed before an answer came: .*wrong version number`))
    expect(diagnosis.checks[1]!.fix).toBe('The TLS handshake failed: does the service speak plain HTTP on that port? Then give its http:// URL.')
  })
})

describe('contract-kit doctor --adapter http:<url>', () => {
  it('prints the checks as for stdio, the process checks skipped as not applicable, and exits 0', async () => {
    expect(await doctorCommand(['--adapter', `http:${service.url}`, '--calls', '3', '--port', 'pager'])).toBe(0)
    const text = printed()
    expect(text.split('\n')[0]).toBe(`contract-kit doctor: http:${service.url}`)
    expect(text).not.toContain('command:')
    expect(text).toMatch(/^✓ ok {3}reachable {4}http:\/\/127\.0\.0\.1:\d+\/rpc took a connection/m)
    expect(text).toMatch(/^✓ ok {3}handshake {4}pager\/reference answered initialize in \d+ ms, declaring pager$/m)
    expect(text).toMatch(/^(✓ ok  |! warn) latency {6}3 round trips of initialize: median .* ms, max .* ms/m) // a loaded machine may be slow
    expect(text).toMatch(/^- skip startup {6}not applicable: the kit did not start this service/m)
    expect(text).toMatch(/^- skip sigterm {6}not applicable: /m)
    expect(text).toMatch(/^doctor: (every check passed|no check failed, 1 warning)/m)
  })

  it('exits 1 on a closed port, naming the URL', async () => {
    expect(await doctorCommand(['--adapter', `http:${closed}`])).toBe(1)
    const text = printed()
    expect(text).toContain(`✗ fail reachable    could not connect to ${closed}: connection refused (ECONNREFUSED)`)
    expect(text).toContain('      fix: doctor does not start an http: service: start it first')
    expect(text).toMatch(/^doctor: 1 check failed, 0 warnings/m)
  })

  it.each([
    ['http:ftp://127.0.0.1/rpc', /the kit speaks http:\/\/ or https:\/\/ only/],
    ['http:127.0.0.1:8080', /"127\.0\.0\.1:8080" is not a URL; expected http:<url> of a running service/],
  ])('rejects %s as bad usage, reaching nothing', async (adapter, message) => {
    const error = await doctorCommand(['--adapter', adapter]).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(UsageError)
    expect((error as Error).message).toMatch(message)
    expect(log).not.toHaveBeenCalled()
  })
})
