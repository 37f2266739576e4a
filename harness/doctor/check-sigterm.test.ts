import { describe, expect, it } from 'vitest'
import { checkSigterm } from '#harness/doctor/check-sigterm.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

describe('checkSigterm', () => {
  it('is ok when SIGTERM stops the implementation, saying how', async () => {
    const check = await checkSigterm({ command: doctorFixture('healthy'), settleMs: 10_000, graceMs: 2_000 })
    expect(check.status).toBe('ok')
    expect(check.summary).toMatch(/^stopped \d+ ms after SIGTERM \(killed by SIGTERM\)$/)
  })

  it('warns when SIGTERM is ignored, kills it with SIGKILL after the grace, and gives the fix', async () => {
    const check = await checkSigterm({ command: doctorFixture('ignores-sigterm'), settleMs: 10_000, graceMs: 500 })
    expect(check.status).toBe('warn')
    expect(check.summary).toBe('ignored SIGTERM: still running 500 ms after it, so doctor killed it with SIGKILL')
    expect(check.fix).toContain("process.on('SIGTERM')")
    expect(check.fix).toContain('signal.Notify')
  })

  it('skips a program that cannot be started', async () => {
    const check = await checkSigterm({ command: ['contract-kit-doctor-no-such-program'], settleMs: 1_000, graceMs: 500 })
    expect(check.status).toBe('skip')
  })
})
