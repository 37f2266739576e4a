import { describe, expect, test } from 'vitest'
import { decimalFlag, maxTimerMs } from '#harness/cli/decimal-flag.ts'
import { parseFlags } from '#harness/cli/select-run.ts'
import { UsageError } from '#harness/cli/usage-error.ts'

describe('decimalFlag', () => {
  test.each(['1', '250', String(maxTimerMs)])('takes %s', (text) => {
    expect(decimalFlag('--timeout', text, { min: 1, max: maxTimerMs })).toBe(Number(text))
  })

  test.each(['0x10', '1e3', ' 12', '12 ', '+5', '-1', '1.0', '', '0', String(maxTimerMs + 1), '99999999999999999999'])('refuses %j with one line naming the flag', (text) => {
    const refuse = () => decimalFlag('--timeout', text, { min: 1, max: maxTimerMs, what: 'a whole number of milliseconds' })
    expect(refuse).toThrow(UsageError)
    expect(refuse).toThrow(/^--timeout: expected a whole number of milliseconds from 1 to 2,147,483,647, in decimal digits, got ".*"$/)
  })
})

describe('parseFlags', () => {
  const options = { shard: { type: 'string' }, scenario: { type: 'string', multiple: true } } as const

  test('refuses a one-value flag given twice, in either form', () => {
    expect(() => parseFlags({ args: ['--shard', '1/2', '--shard=2/2'], options, strict: true })).toThrow(/^--shard is given twice: it takes one value/)
  })

  test('takes a flag that may be repeated, and each one-value flag once', () => {
    expect(parseFlags({ args: ['--shard', '1/2', '--scenario', 'a', '--scenario', 'b'], options, strict: true }).values).toEqual({ shard: '1/2', scenario: ['a', 'b'] })
  })
})
