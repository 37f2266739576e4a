import { describe, expect, it } from 'vitest'
import { historyFileName } from '#harness/reporters/history-file-name.ts'

/** Whether a relative path is safe to create on any common file system: short plain segments, no `.`/`..`, no leading dot. */
function expectSafe(path: string): void {
  expect(path).toMatch(/^histories\/.+\.json$/)
  for (const segment of path.split('/')) {
    expect(segment, path).toMatch(/^[A-Za-z0-9_@-][\w.@-]*$/)
    expect(segment.length, path).toBeLessThanOrEqual(64)
    expect(segment, path).not.toMatch(/\.$/)
  }
}

describe('historyFileName', () => {
  const scenario = 'regressions/analysis-result-budget/default-read'

  it('a stdio command line becomes safe folder names', () => {
    const name = historyFileName('stdio:python3 impl.py --flag', scenario)
    expectSafe(name)
    expect(name).toMatch(/^histories\/stdio_python3_impl\.py_--flag-[0-9a-f]{10}\/regressions\/analysis-result-budget\/default-read\.json$/)
  })

  it.each([
    'pager/reference',
    'pager/reference@stdio',
    "stdio:'/usr/bin/node' --import 'file:///work/node_modules/tsx/dist/loader.mjs' '/work/fixtures/systems/serve-stdio.ts' pager/reference",
    'stdio:..',
    'stdio:C:\\Program Files\\impl.exe',
    'stdio:./impl "a*b?" <in >out | x',
    'stdio:é→🔎 impl',
    '.hidden',
    '..',
  ])('%s gives a safe name', (adapter) => {
    expectSafe(historyFileName(adapter, scenario))
  })

  it('keeps the scenario id as folders, one per level', () => {
    expect(historyFileName('plain', scenario)).toBe('histories/plain/regressions/analysis-result-budget/default-read.json')
    expect(historyFileName('pager/reference@stdio', scenario)).toBe('histories/pager.reference@stdio/regressions/analysis-result-budget/default-read.json')
  })

  it('is stable, and adapters that differ only in unsafe characters get different names', () => {
    expect(historyFileName('stdio:python3 impl.py --flag', scenario)).toBe(historyFileName('stdio:python3 impl.py --flag', scenario))
    const names = ['stdio:a b', 'stdio:a_b', 'stdio:a:b', 'stdio:a/b', 'stdio_a_b'].map((a) => historyFileName(a, scenario).split('/')[1])
    expect(new Set(names).size).toBe(names.length)
  })

  it('long command lines are cut, and still told apart', () => {
    const long = `stdio:${'/very/long/path'.repeat(20)}/impl`
    const a = historyFileName(long, scenario)
    const b = historyFileName(`${long}2`, scenario)
    expectSafe(a)
    expectSafe(b)
    expect(a).not.toBe(b)
  })
})
