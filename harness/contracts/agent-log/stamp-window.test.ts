import { describe, expect, test } from 'vitest'
import { offWindow, stampAgainst, stampWindow } from '#harness/contracts/agent-log/stamp-window.ts'

// The window a record's stamp must lie in: the kit's wall-clock reads around its call, widened by a margin made of
// what it measured (the reads' gaps, the call's length), never by a guess at the machine's load.

const at = Date.parse('2026-08-12T09:00:00.000Z')
const read = (wallMs: number, monoMs: number, gap = 0.01) => ({ at: at + wallMs, mono: monoMs, gap })

describe('stampWindow', () => {
  test('4 ms, plus each read’s gap, plus 1 ms a second of the call', () => {
    expect(stampWindow({ wallSent: read(0, 100), wallAnswered: read(20, 120) })).toEqual({ from: at - 5, to: at + 25, marginMs: 5, stepped: false })
    // a read descheduled for 40 ms and a 3 s call widen it; the clocks still agree, so nothing stepped
    expect(stampWindow({ wallSent: read(0, 100, 40), wallAnswered: read(3000, 3100) })).toMatchObject({ marginMs: 48, stepped: false })
  })
  test('a wall clock that moved against the monotonic one by more than the margin stepped: undecided, never out', () => {
    const window = stampWindow({ wallSent: read(0, 100), wallAnswered: read(-2000, 120) })!
    expect(window.stepped).toBe(true)
    expect(stampAgainst('2026-08-12T10:00:00.000Z', window)).toBe('undecided')
  })
  test('no reads (a History from before), no window', () => {
    expect(stampWindow({})).toBeUndefined()
  })
  test('in, out, and how far out', () => {
    const window = stampWindow({ wallSent: read(0, 100), wallAnswered: read(20, 120) })!
    expect(stampAgainst('2026-08-12T09:00:00.024Z', window)).toBe('in')
    expect(stampAgainst('2026-08-12T08:59:59.990Z', window)).toBe('out')
    expect(offWindow('2026-08-12T14:30:00.020Z', window)).toBe('5 h 30 min after it')
    expect(offWindow('2026-08-12T08:59:59.000Z', window)).toBe('995 ms before it')
  })
})
