import { describe, expect, it } from 'vitest'
import { terminalColumns } from '#harness/bugs/terminal-columns.ts'

describe('terminalColumns', () => {
  it('counts ASCII one column a character', () => {
    expect(terminalColumns('')).toBe(0)
    expect(terminalColumns('retained-bytes 922232')).toBe(21)
  })

  it('counts CJK and emoji two, combining marks none', () => {
    expect(terminalColumns('漢字かな')).toBe(8)
    expect(terminalColumns('😀🚀🧪')).toBe(6)
    expect(terminalColumns('e\u0301a\u0300')).toBe(2)
    expect(terminalColumns('…')).toBe(1)
  })
})
