import { describe, expect, it } from 'vitest'
import { diagnose } from '#harness/doctor/diagnose.ts'
import { judgeHandshake } from '#harness/doctor/judge-handshake.ts'
import type { ProbeAnswer } from '#harness/doctor/probe-process.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

const context = { timeoutMs: 10_000, strayCount: 0, stderrTail: '' }
const answered = (result: unknown): ProbeAnswer => ({ kind: 'answer', ms: 12, outcome: { ok: true, result } })

describe('judgeHandshake', () => {
  it('is ok when initialize answers a name and ports the kit knows, noting the ports it ignores', () => {
    const verdict = judgeHandshake(answered({ name: 'my-pager', version: '1', ports: ['pager', 'teleporter', 'pager'] }), { ...context, expectedPorts: ['pager'] })
    expect(verdict.check).toMatchObject({ id: 'handshake', status: 'ok', summary: 'my-pager answered initialize in 12 ms, declaring pager (ignored, unknown to the kit: teleporter)' })
    expect(verdict.system).toEqual({ name: 'my-pager', ports: ['pager'] })
    expect(verdict.answered).toBe(true)
  })

  it('fails an error answer, a result without name and ports, and ports the kit does not know, each with a fix', () => {
    const error = judgeHandshake({ kind: 'answer', ms: 3, outcome: { ok: false, error: { code: -32602, message: 'unsupported protocol' } } }, context)
    expect(error.check).toMatchObject({ status: 'fail', summary: 'initialize answered JSON-RPC error -32602 in 3 ms: "unsupported protocol"' })
    expect(error.check.fix).toContain('contract-kit/stdio@1')
    expect(error.answered).toBe(true)

    const shapeless = judgeHandshake(answered({ ports: 'pager' }), context)
    expect(shapeless.check).toMatchObject({ status: 'fail', summary: 'initialize must answer { "name": string, "ports": string[] }; it answered {"ports":"pager"}' })
    expect(shapeless.check.fix).toContain('{"name":"my-pager"')

    const unknown = judgeHandshake(answered({ name: 'x', ports: ['teleporter'] }), context)
    expect(unknown.check).toMatchObject({ status: 'fail', summary: 'x declares no port the kit knows (declared: teleporter)' })
    expect(unknown.check.fix).toContain('agent-log, pager, tool-output')
  })

  it('fails when a port the caller expects is not declared', () => {
    const verdict = judgeHandshake(answered({ name: 'my-pager', ports: ['pager'] }), { ...context, expectedPorts: ['agent-log'] })
    expect(verdict.check).toMatchObject({ status: 'fail', summary: 'my-pager declares pager, but not the expected agent-log' })
    expect(verdict.check.fix).toContain('Declare "agent-log"')
  })

  it('fails an exit before the answer, quoting the end of stderr', () => {
    const verdict = judgeHandshake({ kind: 'exited', ms: 40, status: 'exited with code 3' }, { ...context, stderrTail: 'Traceback…\nNameError: x\n' })
    expect(verdict.check.summary).toBe('the implementation exited with code 3 before answering initialize')
    expect(verdict.check.details).toEqual(['last stderr:', 'Traceback…', 'NameError: x'])
    expect(verdict.answered).toBe(false)
  })
})

describe('diagnose: the handshake', () => {
  it('fails an implementation that never answers initialize, says how long it waited, and skips the calls', async () => {
    const diagnosis = await diagnose({ command: doctorFixture('silent-handshake'), handshakeTimeoutMs: 800 })
    const [handshake] = diagnosis.checks
    expect(handshake).toMatchObject({ id: 'handshake', status: 'fail', summary: 'initialize got no answer within 800 ms' })
    expect(handshake.fix).toContain('flushed')
    expect(diagnosis.checks.find((check) => check.id === 'latency')).toMatchObject({ status: 'skip' })
    expect(diagnosis.checks.find((check) => check.id === 'startup')).toMatchObject({ status: 'skip', summary: 'not checked: initialize was not answered' })
    // the other checks still ran: it exits at the end of stdin and on SIGTERM
    expect(diagnosis.checks.find((check) => check.id === 'stdin-close')).toMatchObject({ status: 'ok' })
    expect(diagnosis.checks.find((check) => check.id === 'sigterm')).toMatchObject({ status: 'ok' })
    expect(diagnosis.ok).toBe(false)
  })

  it('fails a healthy implementation that lacks the expected port', async () => {
    const diagnosis = await diagnose({ command: doctorFixture('healthy'), expectedPorts: ['agent-log'], latencyCalls: 2 })
    expect(diagnosis.checks[0]).toMatchObject({ status: 'fail', summary: 'doctor-healthy declares pager, but not the expected agent-log' })
    expect(diagnosis.ok).toBe(false)
  })

  it('fails a program that cannot be started, and checks nothing else', async () => {
    const diagnosis = await diagnose({ command: ['contract-kit-doctor-no-such-program'] })
    expect(diagnosis.checks[0].status).toBe('fail')
    expect(diagnosis.checks[0].summary).toContain('could not start ["contract-kit-doctor-no-such-program"]: spawn contract-kit-doctor-no-such-program ENOENT')
    expect(diagnosis.checks[0].fix).toContain('PATH')
    expect(diagnosis.checks.slice(1).map((check) => check.status)).toEqual(['skip', 'skip', 'skip', 'skip', 'skip', 'skip'])
  })
})

describe('judgeHandshake on hostile output', () => {
  it('never prints control characters the implementation wrote (escape sequences are shown escaped)', () => {
    const verdict = judgeHandshake(answered({ name: 'evil\u001b[2J', ports: ['pager'] }), context)
    expect(verdict.check.summary).toBe('evil\\u001b[2J answered initialize in 12 ms, declaring pager')
    const exited = judgeHandshake({ kind: 'exited', ms: 1, status: 'exited with code 1' }, { ...context, stderrTail: 'bad\u001b[31m red\r\n' })
    expect(exited.check.details).toEqual(['last stderr:', 'bad\\u001b[31m red'])
  })
})
