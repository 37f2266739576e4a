import { describe, expect, it } from 'vitest'
import { diagnose } from '#harness/doctor/diagnose.ts'
import { formatDiagnosis } from '#harness/doctor/format-diagnosis.ts'
import { judgeStdout } from '#harness/doctor/judge-stdout.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'

describe('judgeStdout', () => {
  it('is ok when stdout carried responses only', () => {
    expect(judgeStdout({ strays: [], strayCount: 0, stdoutLines: 4 })).toEqual({ id: 'stdout', status: 'ok', summary: 'only JSON-RPC responses on stdout (4 lines)', details: [] })
  })

  it('says to answer with the right id, not to move logs, when the stray lines are misaddressed responses', () => {
    const check = judgeStdout({
      strays: [{ lineNumber: 2, text: '{"jsonrpc":"2.0","id":9,"result":null}', problem: 'a response with id 9, but the request in flight has id 2', when: 'during `pager.setup`' }],
      strayCount: 1,
      stdoutLines: 2,
    })
    expect(check.status).toBe('fail')
    expect(check.fix).toContain('with the id of the request')
    expect(check.fix).not.toContain('stderr')
  })
})

describe('diagnose: stray stdout lines', () => {
  it('names the banner line an implementation prints before serving, its number and the fix per language', async () => {
    const diagnosis = await diagnose({ command: doctorFixture('banner'), latencyCalls: 3 })
    const stdout = diagnosis.checks.find((check) => check.id === 'stdout')!
    expect(stdout.status).toBe('fail')
    expect(stdout.summary).toBe(
      'stdout line 1 is not a JSON-RPC response (it is not JSON), before the initialize answer: "Listening on stdio (doctor banner fixture)"; the kit would stop the run with a protocol error',
    )
    expect(diagnosis.ok).toBe(false)
    // the banner does not hide the rest: the handshake and the calls are still checked
    expect(diagnosis.checks.find((check) => check.id === 'handshake')?.status).toBe('ok')
    expect(diagnosis.checks.find((check) => check.id === 'latency')?.status).toBe('ok')

    const text = formatDiagnosis(diagnosis, 'stdio:node banner.mjs')
    expect(text).toContain('✗ fail stdout       stdout line 1 is not a JSON-RPC response')
    expect(text).toContain('"Listening on stdio (doctor banner fixture)"')
    for (const fix of ['print(..., file=sys.stderr)', 'logging', 'log.SetOutput(os.Stderr)', 'fmt.Println', 'IO.puts(:stderr, ...)', 'console.error']) {
      expect(text).toContain(fix)
    }
  })

  it('names debug lines printed between the answers, with their numbers and the call they came with', async () => {
    const diagnosis = await diagnose({ command: doctorFixture('debug-print'), latencyCalls: 3 })
    const stdout = diagnosis.checks.find((check) => check.id === 'stdout')!
    expect(stdout.status).toBe('fail')
    // lines 1 and 2 answer initialize and pager.setup; each pager.read answer follows its debug line
    expect(stdout.summary).toMatch(/^stdout line 3 is not a JSON-RPC response \(it is not JSON\), during `pager\.read`: "debug: answering pager\.read" \(and 1 more stray line\)/)
    expect(stdout.details).toEqual(['stdout line 5, during `pager.read`: "debug: answering pager.read" (it is not JSON)'])
    expect(stdout.fix).toContain('console.error')
  })
})
