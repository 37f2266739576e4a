import { describe, expect, it } from 'vitest'
import { diagnose } from '#harness/doctor/diagnose.ts'
import { judgeStderr } from '#harness/doctor/judge-stderr.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

const quiet = { 'start-up': { bytes: 0, lines: 0 }, idle: { bytes: 0, lines: 0 }, calls: { bytes: 0, lines: 0 }, shutdown: { bytes: 0, lines: 0 } }

describe('judgeStderr', () => {
  it('is ok under the threshold, saying where the lines came from', () => {
    const volumes = { ...quiet, 'start-up': { bytes: 20, lines: 1 }, calls: { bytes: 400, lines: 20 } }
    expect(judgeStderr({ volumes, calls: 20, firstLine: 'starting', warnBytes: 1024 })).toEqual({
      id: 'stderr',
      status: 'ok',
      summary:
        '21 lines, 420 bytes on stderr, under the 1.0 KiB threshold: 1 line (20 bytes) at start-up and handshake, 0 lines (0 bytes) idle, ' +
        '20 lines (400 bytes) during 20 calls (20 bytes a call), 0 lines (0 bytes) after stdin closed',
      details: [],
    })
    expect(judgeStderr({ volumes: quiet, calls: 3, firstLine: null, warnBytes: 1024 }).summary).toBe('nothing on stderr')
  })

  it('warns over the threshold, and says when it is more than the kit keeps', () => {
    const check = judgeStderr({ volumes: { ...quiet, idle: { bytes: 70_000, lines: 700 } }, calls: 0, firstLine: 'tick', warnBytes: 1024 })
    expect(check.status).toBe('warn')
    expect(check.summary).toBe('700 lines, 68.4 KiB on stderr, over the 1.0 KiB threshold, more than the 64 KiB the kit keeps: the start is already lost')
    expect(check.details).toContain('it starts with "tick"')
  })
})

describe('diagnose: stderr noise', () => {
  it('warns about an implementation that floods stderr, with the volumes, its first line and the fix', async () => {
    const diagnosis = await diagnose({ command: doctorFixture('noisy-stderr'), latencyCalls: 3 })
    const stderr = diagnosis.checks.find((check) => check.id === 'stderr')!
    expect(stderr.status).toBe('warn')
    // 400 lines at start-up, then 20 a request: initialize, 3 pager calls and the unknown method
    expect(stderr.summary).toMatch(/^500 lines, [\d.]+ KiB on stderr, over the 16\.0 KiB threshold$/)
    expect(stderr.details[0]).toMatch(/during 4 calls \([\d.]+ KiB a call\)/)
    expect(stderr.details[1]).toMatch(/^it starts with "noisy: trace line 0000 \.+"$/)
    expect(stderr.fix).toContain('keeps its last 64 KiB')
    expect(stderr.fix).toContain('logging.basicConfig(level=logging.WARNING)')
    expect(diagnosis.ok).toBe(true) // a warning, not a failure
  })
})
