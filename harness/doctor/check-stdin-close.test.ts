import { describe, expect, it } from 'vitest'
import { stdioProtocol } from '#harness/adapters/stdio-adapter.ts'
import { checkStdinClose } from '#harness/doctor/check-stdin-close.ts'
import { ProbeProcess } from '#harness/doctor/probe-process.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

async function closeStdinOf(fixture: string, graceMs: number) {
  const started = await ProbeProcess.start({ command: doctorFixture(fixture) })
  if (!started.ok) throw new Error(started.reason)
  const { probe } = started
  try {
    expect((await probe.call('initialize', { protocol: stdioProtocol }, 10_000)).kind).toBe('answer')
    return await checkStdinClose(probe, graceMs)
  } finally {
    await probe.dispose()
  }
}

describe('checkStdinClose', () => {
  it('is ok when the implementation exits with status 0 once stdin ends', async () => {
    const check = await closeStdinOf('healthy', 2_000)
    expect(check.status).toBe('ok')
    expect(check.summary).toMatch(/^exited with code 0 \d+ ms after stdin was closed$/)
  })

  it('warns when the implementation keeps running after stdin ends, with the fix per language', async () => {
    const check = await closeStdinOf('ignores-stdin-close', 500)
    expect(check.status).toBe('warn')
    expect(check.summary).toBe('still running 500 ms after stdin was closed (doctor killed it)')
    expect(check.fix).toContain('Exit with status 0 as soon as stdin reaches end of file')
    expect(check.fix).toContain("process.stdin.on('end'")
    expect(check.fix).toContain('System.halt(0)')
  })
})
