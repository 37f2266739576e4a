import { describe, expect, it } from 'vitest'
import { suggestTimeScale } from '#harness/doctor/suggest-time-scale.ts'

describe('suggestTimeScale', () => {
  it('suggests 1 while three start-ups fit in the shortest deadline, exactly at the bound included', () => {
    expect(suggestTimeScale(0.5, 500)).toEqual({ scale: 1, enough: true })
    expect(suggestTimeScale(100, 600)).toEqual({ scale: 1, enough: true })
    expect(suggestTimeScale(200, 600)).toEqual({ scale: 1, enough: true }) // 3 × 200 = 600 × 1
  })

  it('suggests the next scale just over a bound', () => {
    expect(suggestTimeScale(200.001, 600)).toEqual({ scale: 2, enough: true })
    expect(suggestTimeScale(400, 600)).toEqual({ scale: 2, enough: true }) // 1 200 = 600 × 2
    expect(suggestTimeScale(401, 600)).toEqual({ scale: 4, enough: true })
    expect(suggestTimeScale(1_600, 600)).toEqual({ scale: 8, enough: true }) // 4 800 = 600 × 8
    expect(suggestTimeScale(1_601, 600)).toEqual({ scale: 16, enough: true })
  })

  it('suggests 16 at its bound, and 16 saying it is not enough over it', () => {
    expect(suggestTimeScale(3_200, 600)).toEqual({ scale: 16, enough: true }) // 9 600 = 600 × 16
    expect(suggestTimeScale(3_201, 600)).toEqual({ scale: 16, enough: false })
    expect(suggestTimeScale(60_000, 500)).toEqual({ scale: 16, enough: false })
  })

  it('takes the per-call timeout of a server-side port as its deadline', () => {
    expect(suggestTimeScale(3_333, 10_000)).toEqual({ scale: 1, enough: true })
    expect(suggestTimeScale(3_334, 10_000)).toEqual({ scale: 2, enough: true })
  })
})
