import { describe, expect, it } from 'vitest'
import { judgeStartup } from '#harness/doctor/judge-startup.ts'

const deadline = { ms: 600, source: 'the least timeoutMs of the bundled session-client scenarios (session-client/x)' }

describe('judgeStartup', () => {
  it('is ok with the slowest and the median start-up when the suggested scale is 1', () => {
    const check = judgeStartup({ starts: 3, timesMs: [180.4, 199.6, 150] }, deadline, 'the answer to initialize')
    expect(check).toEqual({
      id: 'startup',
      status: 'ok',
      summary: 'start-up 200 ms (slowest of 3; median 180 ms); suggested --time-scale 1',
      details: [
        'each start, from spawn to the answer to initialize: 180, 200, 150 ms',
        'the shortest deadline the kit gives it: 600 ms, the least timeoutMs of the bundled session-client scenarios (session-client/x); start-up may take a third of it, times the scale',
      ],
    })
  })

  it('warns above scale 1, with the flag and the profile field to set', () => {
    const check = judgeStartup({ starts: 3, timesMs: [212, 180, 450] }, deadline, 'its first request')
    expect(check.status).toBe('warn')
    expect(check.summary).toBe('start-up 450 ms (slowest of 3; median 212 ms); suggested --time-scale 4')
    expect(check.fix).toBe(
      'Run it with --time-scale 4 (or CONTRACT_KIT_TIME_SCALE=4), or set timeScale: 4 in its profile:\nevery deadline, per-try limit and delay the kit gives it is then 4 times as long.',
    )
  })

  it('says so when even 16 is not enough', () => {
    const check = judgeStartup({ starts: 3, timesMs: [4_000, 3_500, 3_900] }, deadline, 'its first request')
    expect(check.status).toBe('warn')
    expect(check.summary).toBe('start-up 4000 ms (slowest of 3; median 3900 ms); suggested --time-scale 16 (the most doctor suggests, and not enough: 3 × 4000 ms > 600 ms × 16)')
    expect(check.fix).toMatch(/--time-scale 16 .*timeScale: 16[\s\S]*make it start faster/)
  })

  it('fails on a start that gave no time, keeping the times it measured', () => {
    const problem = { starts: 3, timesMs: [210], problem: 'start 2 of 3: no request reached the session server within 10000 ms', problemDetails: ['stderr was empty'], problemFix: 'run it by hand' }
    expect(judgeStartup(problem, deadline, 'its first request')).toEqual({
      id: 'startup',
      status: 'fail',
      summary: 'start 2 of 3: no request reached the session server within 10000 ms',
      details: ['each start, from spawn to its first request: 210 ms', 'stderr was empty'],
      fix: 'run it by hand',
    })
  })
})
