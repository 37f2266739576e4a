import { describe, expect, it } from 'vitest'
import { foldJson } from '#harness/bugs/fold-json.ts'
import { excerptJson } from '#harness/bugs/excerpt-json.ts'

const depths = { snapshotter: 'built-in', realDepth: 2, bytes: { unlimited: 33175, 'depth 1': 6507, 'depth 2': 33175, 'depth 3': 33175 } }

describe('foldJson', () => {
  it('keeps a value that fits on one line', () => {
    expect(foldJson({ exitCode: 0 }, 20, 20)).toEqual(['{"exitCode":0}'])
  })

  it('folds a longer value after a comma between entries, the first line as full as it can be', () => {
    expect(foldJson(depths, 80, 80)).toEqual(['{"snapshotter":"built-in","realDepth":2,"bytes":{"unlimited":33175,', '"depth 1":6507,"depth 2":33175,"depth 3":33175}}'])
  })

  it('never folds inside a string', () => {
    const value = { a: 'x,'.repeat(30), b: 1 }
    expect(foldJson(value, 40, 60)).toEqual([`{"a":"${'x,'.repeat(14)}x…",`, '"b":1}'])
    for (const first of [16, 20, 30, 50, 66]) {
      const lines = foldJson(value, first, 60)
      if (lines.length === 2) expect((lines[0]!.match(/"/g) ?? []).length % 2, lines[0]).toBe(0)
    }
    expect(foldJson(value, 10, 60)).toEqual([excerptJson(value, 10)])
    expect(foldJson(value, 70, 60)).toEqual([`{"a":"${'x,'.repeat(30)}",`, '"b":1}'])
  })

  it('excerpts what does not fit two lines, and stays on one line without a second', () => {
    const lines = foldJson({ list: Array.from({ length: 100 }, (_, i) => i) }, 30, 30)
    expect(lines.every((l) => l.length <= 30)).toBe(true)
    expect(lines.join('')).toContain('…')
    expect(foldJson(depths, 60, 0)).toHaveLength(1)
  })
})
