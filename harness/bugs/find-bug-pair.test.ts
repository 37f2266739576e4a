import { describe, expect, it } from 'vitest'
import { findBugPair } from '#harness/bugs/find-bug-pair.ts'

describe('findBugPair', () => {
  it('finds a bug by its id in any case', () => {
    expect(findBugPair('DEP-8516')?.preFix).toBe('session-client/dep-8516')
    expect(findBugPair('dep-8516')?.id).toBe('DEP-8516')
    expect(findBugPair(' Plat-114 ')?.reference).toBe('agent-log/reference@stdio')
    expect(findBugPair('ANALYSIS-RESULT-BUDGET')?.id).toBe('analysis-result-budget')
  })

  it('finds nothing for an unknown id or a folder-like one', () => {
    expect(findBugPair('PLAT-999')).toBeUndefined()
    expect(findBugPair('regressions/plat-114')).toBeUndefined()
    expect(findBugPair('')).toBeUndefined()
  })
})
