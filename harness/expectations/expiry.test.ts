import { describe, expect, it } from 'vitest'
import { isExpired, today, todayVariable } from '#harness/expectations/expiry.ts'

const utcToday = () => new Date().toISOString().slice(0, 10)

describe('today', () => {
  it('is the day CONTRACT_KIT_TODAY fixes', () => {
    expect(todayVariable).toBe('CONTRACT_KIT_TODAY')
    expect(today({ CONTRACT_KIT_TODAY: '2026-01-02' })).toBe('2026-01-02')
  })

  it('ignores a malformed value and gives the UTC date', () => {
    for (const value of ['2026-1-2', 'tomorrow', '', ' 2026-01-02', '2026-01-02T00:00:00Z']) {
      const before = utcToday()
      const day = today({ CONTRACT_KIT_TODAY: value })
      expect(day).not.toBe(value)
      expect([before, utcToday()]).toContain(day)
    }
  })

  it('is the UTC date when the variable is unset', () => {
    const before = utcToday()
    const day = today({})
    expect(day).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect([before, utcToday()]).toContain(day)
  })
})

describe('isExpired', () => {
  it('an entry without an expiry never expires', () => {
    expect(isExpired({}, '9999-12-31')).toBe(false)
  })

  it('excuses through its expiry day, and expires the day after', () => {
    expect(isExpired({ expires: '2026-01-02' }, '2026-01-01')).toBe(false)
    expect(isExpired({ expires: '2026-01-02' }, '2026-01-02')).toBe(false)
    expect(isExpired({ expires: '2026-01-02' }, '2026-01-03')).toBe(true)
    expect(isExpired({ expires: '2025-12-31' }, '2026-01-01')).toBe(true)
  })
})
