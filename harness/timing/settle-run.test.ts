import { describe, expect, it } from 'vitest'
import { describeSettling, inconclusiveInTime, settleRun } from '#harness/timing/settle-run.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { ContractOutcome, RunVerdict } from '#harness/expectations/decide-verdict.ts'

const late: ContractOutcome = { id: 'recovery/transient-read-retried', exercised: true, verdict: 'unknown', reason: 'the first frame came late', cause: 'time' }
const missing: ContractOutcome = { id: 'recovery/transient-read-retried', exercised: true, verdict: 'unknown', reason: 'not judged: the adapter failed (timeout) before the scenario ended' }
const held: ContractOutcome = { id: 'recovery/transient-read-retried', exercised: true, verdict: 'held', evidence: 'tried again', figures: { reads: 2 } }
const broken: ContractOutcome = { id: 'recovery/transient-read-retried', exercised: true, verdict: 'broken', message: 'never tried again', witness: {} }
const lateElsewhere: ContractOutcome = { id: 'recovery/deadline-is-timeout', exercised: false, verdict: 'unknown', reason: 'late', cause: 'time' }

const run = (verdict: RunVerdict, contracts: ContractOutcome[], timeScale = 1): RunOutcome => ({
  scenario: 's/late',
  adapter: 'impl',
  port: 'session-client',
  system: null,
  timeScale,
  verdict,
  exercises: ['recovery/transient-read-retried'],
  contracts,
  stale: [],
  ...(verdict === 'error' ? { error: { message: contracts.map((c) => c.verdict === 'unknown' && c.exercised ? c.reason : '').filter(Boolean).join('; '), stderr: '' } } : {}),
  reproduce: 'npx contract-kit run …',
})

/** A replay that answers each attempt from a list, recording the scales it was asked for. */
function scripted(...answers: Array<(scale: number) => RunOutcome>) {
  const scales: number[] = []
  return {
    scales,
    replay: async (scale: number) => {
      scales.push(scale)
      return answers[Math.min(scales.length - 1, answers.length - 1)]!(scale)
    },
  }
}

describe('inconclusiveInTime', () => {
  it('an error whose every unjudged exercised contract is unknown because of time', () => {
    expect(inconclusiveInTime(run('error', [late, lateElsewhere]))).toBe(true)
  })
  it('not an error from an adapter’s failure, nor one with any other unknown beside it, nor any other verdict', () => {
    expect(inconclusiveInTime(run('error', [missing]))).toBe(false)
    expect(inconclusiveInTime(run('error', [late, { ...missing, id: 'recovery/deadline-is-timeout' }]))).toBe(false)
    expect(inconclusiveInTime(run('error', [{ ...late, exercised: false }, { ...held, verdict: 'not-applicable', reason: 'nothing', exercised: true } as ContractOutcome]))).toBe(false)
    expect(inconclusiveInTime(run('broken', [broken, lateElsewhere]))).toBe(false)
    expect(inconclusiveInTime(run('held', [held, lateElsewhere]))).toBe(false)
  })
})

describe('settleRun', () => {
  it('one attempt decides a run that is not inconclusive because of time: no settling list', async () => {
    const s = scripted((scale) => run('held', [held], scale))
    const outcome = await settleRun(s.replay, 1.5)
    expect(s.scales).toEqual([1.5])
    expect(outcome).not.toHaveProperty('settling')
  })

  it('a broken run is never run again, even beside an unknown because of time', async () => {
    const s = scripted((scale) => run('broken', [broken, lateElsewhere], scale))
    expect((await settleRun(s.replay, 1)).verdict).toBe('broken')
    expect(s.scales).toEqual([1])
  })

  it('an inconclusive run runs again at twice the scale; the attempt that decides is the outcome, every attempt listed', async () => {
    const s = scripted((scale) => run('error', [late], scale), (scale) => run('held', [held], scale))
    const outcome = await settleRun(s.replay, 1)
    expect(s.scales).toEqual([1, 2])
    expect(outcome).toMatchObject({ verdict: 'held', timeScale: 2, settling: [{ attempt: 1, timeScale: 1, verdict: 'error', reason: 'the first frame came late' }, { attempt: 2, timeScale: 2, verdict: 'held' }] })
    expect(describeSettling(outcome)).toBe('settled on attempt 2 at scale 2 (held) — attempt 1 (scale 1): error: the first frame came late')
  })

  it('then at four times; a run broken on a later attempt stands broken', async () => {
    const s = scripted((scale) => run('error', [late], scale), (scale) => run('error', [late], scale), (scale) => run('broken', [broken], scale))
    const outcome = await settleRun(s.replay, 2)
    expect(s.scales).toEqual([2, 4, 8])
    expect(outcome.verdict).toBe('broken')
    expect(outcome.settling?.map((a) => [a.attempt, a.timeScale, a.verdict])).toEqual([[1, 2, 'error'], [2, 4, 'error'], [3, 8, 'broken']])
  })

  it('still inconclusive after the last attempt: error, with each attempt’s reason', async () => {
    const s = scripted((scale) => run('error', [{ ...late, reason: `late at ${scale}` }], scale))
    const outcome = await settleRun(s.replay, 1)
    expect(s.scales).toEqual([1, 2, 4])
    expect(outcome.verdict).toBe('error')
    expect(outcome.settling?.map((a) => a.reason)).toEqual(['late at 1', 'late at 2', 'late at 4'])
    expect(describeSettling(outcome)).toBe('still inconclusive after attempt 3 at scale 4 — attempt 1 (scale 1): error: late at 1; attempt 2 (scale 2): error: late at 2')
  })
})
