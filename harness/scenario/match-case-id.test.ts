import { describe, expect, it } from 'vitest'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'

describe('matchCaseId', () => {
  it.each([
    ['regressions/analysis-result-budget/forty-exchanges', 'regressions/analysis-result-budget/forty-exchanges', true],
    ['regressions/analysis-result-budget/forty', 'regressions/analysis-result-budget/forty-exchanges', false],
    ['regressions/*', 'regressions/a', true],
    ['regressions/*', 'regressions/a/b', false],
    ['regressions/*/b', 'regressions/a/b', true],
    ['regressions/a*', 'regressions/analysis', true],
    ['regressions/*s', 'regressions/analysis', true],
    ['regressions/*x*', 'regressions/analysis', false],
    ['*', 'a', true],
    ['*', 'a/b', false],
    ['regressions/**', 'regressions/a', true],
    ['regressions/**', 'regressions/a/b', true],
    ['regressions/**', 'size/a', false],
    ['regressions/**/b', 'regressions/b', true],
    ['regressions/**/b', 'regressions/a/x/b', true],
    ['regressions/**/b', 'regressions/a/x/c', false],
    ['**/forty-exchanges', 'regressions/analysis-result-budget/forty-exchanges', true],
    ['**/forty-exchanges', 'forty-exchanges', true],
    ['**', 'anything/at/all', true],
    ['**/**/c', 'c', true],
    ['a/**/b/**/c', 'a/b/x/c', true],
    ['a/**/b/**/c', 'a/x/c', false],
  ])('%s matches %s: %s', (pattern, id, expected) => {
    expect(matchCaseId(pattern, id)).toBe(expected)
  })

  it('treats everything else literally, `:` and regex characters included', () => {
    expect(matchCaseId('size/a:size/page-fits-ceilings', 'size/a:size/page-fits-ceilings')).toBe(true)
    expect(matchCaseId('size/a', 'size/a:size/page-fits-ceilings')).toBe(false)
    expect(matchCaseId('a.b', 'axb')).toBe(false)
    expect(matchCaseId('a+(b)', 'a+(b)')).toBe(true)
  })

  it('stays fast on many `**` segments', () => {
    const pattern = Array.from({ length: 30 }, () => '**').join('/') + '/z'
    const id = Array.from({ length: 60 }, () => 'a').join('/')
    expect(matchCaseId(pattern, id)).toBe(false)
  })
})
