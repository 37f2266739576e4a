import { describe, expect, it } from 'vitest'
import { UsageError } from '#harness/cli/usage-error.ts'
import { isTimeScale, parseTimeScale, runTimeScale, scaleMs, timeScaleVariable } from '#harness/timing/time-scale.ts'

describe('scaleMs', () => {
  it('multiplies a duration, rounding up to a whole millisecond; scale 1 changes nothing', () => {
    expect(scaleMs(600, 1)).toBe(600)
    expect(scaleMs(600, 2)).toBe(1200)
    expect(scaleMs(333, 1.5)).toBe(500)
    expect(scaleMs(1, 1.001)).toBe(2)
    expect(scaleMs(0, 4)).toBe(0)
  })
})

describe('parseTimeScale', () => {
  it('takes a decimal number from 1 to 100 with at most three decimals', () => {
    expect(parseTimeScale('--time-scale', '2')).toBe(2)
    expect(parseTimeScale('--time-scale', '1.5')).toBe(1.5)
    expect(parseTimeScale('--time-scale', '100')).toBe(100)
    expect(isTimeScale(1.25)).toBe(true)
    expect(isTimeScale(1.0001)).toBe(false)
  })
  it.for(['0', '0.5', '101', '-2', '2x', '', ' 2', '1e1', '0x2', 'Infinity', '1.2345', 'NaN'])('refuses %j with one line naming where it came from', (text) => {
    expect(() => parseTimeScale('--time-scale', text)).toThrow(UsageError)
    expect(() => parseTimeScale('--time-scale', text)).toThrow(`--time-scale: expected a time scale from 1 to 100 (a decimal number such as 2 or 1.5), got ${JSON.stringify(text)}`)
  })
})

describe('runTimeScale', () => {
  it('the flag first, then the environment variable, then 1', () => {
    expect(runTimeScale('3', { [timeScaleVariable]: '2' })).toBe(3)
    expect(runTimeScale(undefined, { [timeScaleVariable]: '2' })).toBe(2)
    expect(runTimeScale(undefined, { [timeScaleVariable]: '' })).toBe(1)
    expect(runTimeScale(undefined, {})).toBe(1)
  })
  it('a bad variable is a usage error naming the variable', () => {
    expect(() => runTimeScale(undefined, { [timeScaleVariable]: 'fast' })).toThrow(`${timeScaleVariable}: expected a time scale`)
  })
})
