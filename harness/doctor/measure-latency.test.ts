import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeFakeFolder, type FakeFolder, type FakeImplementation } from '#harness/__test-helpers__/fake-implementation.ts'
import { diagnose } from '#harness/doctor/diagnose.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

// Each test runs diagnose on a small stdio implementation: five starts of it (the session, three for start-up, one for
// SIGTERM), and the waits the case is about (a 300 ms answer, a 2 s timeout). Nothing here is judged against the
// machine's speed but by margins of 3× and more, and every test starts its own processes: they run side by side.

let fakes: FakeFolder
beforeAll(async () => {
  fakes = await makeFakeFolder()
})
afterAll(() => fakes.remove())

async function latencyOf(command: string[], options: { maxCallMs?: number; timeoutMs?: number; latencyCalls?: number } = {}) {
  const diagnosis = await diagnose({ command, latencyCalls: 3, ...options })
  return diagnosis.checks.find((check) => check.id === 'latency')!
}

/** A fake pager: setup answers null, every read an empty last page, unless `handlers` say otherwise. */
const fake = (name: string, handlers: FakeImplementation['handlers']) =>
  fakes.write(name, { handlers: { 'pager.setup': 'reply(id, null)', 'pager.read': 'reply(id, { items: [], cursor: null })', ...handlers } })

describe.concurrent('diagnose: per-call latency', () => {
  it('times the calls of the declared port and an unknown method, and is ok when they are quick', async () => {
    const check = await latencyOf(doctorFixture('healthy'), { maxCallMs: 5_000 })
    expect(check.status).toBe('ok')
    expect(check.summary).toMatch(/^3 calls of pager: p50 [\d.]+ ms, max [\d.]+ ms; an unknown method was answered in [\d.]+ ms \(threshold 5000 ms\)$/)
  })

  it('warns about an implementation slower than the threshold (300 ms a call against 100 ms), with p50, max and the fix', async () => {
    const check = await latencyOf(doctorFixture('slow-calls'), { maxCallMs: 100 })
    expect(check.status).toBe('warn')
    expect(check.summary).toMatch(/^3 calls of pager: p50 \d+ ms, max \d+ ms; 3 of 3 pager calls took longer than 100 ms; the unknown method took \d+ ms, over 100 ms$/)
    expect(check.fix).toContain('contract-kit run --timeout MS')
  })

  it('fails a call that gets no answer in time, and stops calling', async () => {
    const command = await fake('hangs-on-read', { 'pager.read': '/* never answers */' })
    const check = await latencyOf(command, { timeoutMs: 2_000 })
    expect(check.status).toBe('fail')
    expect(check.summary).toMatch(/^`pager\.read` got no answer within 2000 ms \(1 call of pager: p50/)
    expect(check.fix).toContain('flush stdout')
  })

  it('fails a call answered with a JSON-RPC error that is not a port error, but accepts a pager error', async () => {
    const broken = await fake('setup-fails', { 'pager.setup': `fail(id, -32603, 'KeyError: records')` })
    const check = await latencyOf(broken)
    expect(check.status).toBe('fail')
    expect(check.summary).toMatch(/^`pager\.setup` answered JSON-RPC error -32603: "KeyError: records"/)
    expect(check.fix).toContain('Serve every method of the ports you declare')

    const refusing = await fake('refuses-reads', { 'pager.read': `fail(id, -32000, 'no such collection', { code: 'unknown_collection' })` })
    expect((await latencyOf(refusing)).status).toBe('ok')
  })

  it('warns when an unknown method is not answered with -32601', async () => {
    const command = await fake('answers-anything', { 'contract-kit.doctor.no-such-method': 'reply(id, {})' })
    const check = await latencyOf(command)
    expect(check.status).toBe('warn')
    expect(check.summary).toContain('the unknown method `contract-kit.doctor.no-such-method` got a result, not error -32601 (method not found)')
    expect(check.fix).toContain('"code":-32601')
  })
})

describe.concurrent('diagnose: a crash during the calls', () => {
  it('fails, quoting the end of stderr', async () => {
    const command = await fake('crashes-on-read', { 'pager.read': `process.stderr.write('boom: cannot read\\n'); process.exit(3)` })
    const check = await latencyOf(command)
    expect(check.status).toBe('fail')
    expect(check.summary).toMatch(/^the implementation exited with code 3 while `pager\.read` was waiting for its answer/)
    expect(check.details).toContain('boom: cannot read')
    expect(check.fix).toContain('Keep serving until stdin ends')
  })
})
