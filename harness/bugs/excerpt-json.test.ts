import { describe, expect, it } from 'vitest'
import { excerptJson } from '#harness/bugs/excerpt-json.ts'
import { terminalColumns } from '#harness/bugs/terminal-columns.ts'

const witness = {
  event: 2,
  step: 0,
  request: { collection: 'model-exchanges' },
  page: { items: 24, first: 'cap-0001', last: 'cap-0233', cursor: 'offset:00000024' },
  measure: 'retained-bytes',
  value: 922232,
  max: 262144,
}

describe('excerptJson', () => {
  it('gives the whole JSON when it fits', () => {
    expect(excerptJson(witness, 500)).toBe(JSON.stringify(witness))
    expect(excerptJson(42, 2)).toBe('42')
  })

  it('collapses nested values, then leaves them out, keeping the figures a witness ends with', () => {
    expect(excerptJson(witness, 100)).toBe('{"event":2,"step":0,"request":{…},"page":{…},"measure":"retained-bytes","value":922232,"max":262144}')
    expect(excerptJson(witness, 80)).toBe('{"event":2,"step":0,…,"measure":"retained-bytes","value":922232,"max":262144}')
  })

  it('then leaves out the last entries', () => {
    expect(excerptJson(witness, 60)).toBe('{"event":2,"step":0,…,"measure":"retained-bytes",…}')
    expect(excerptJson({ exitCode: 0, replyBytes: 4118, lastLine: '104[7296 bytes truncated]', truncatedLines: 1, faults: [] }, 75)).toBe(
      '{"exitCode":0,"replyBytes":4118,"lastLine":"104[7296 bytes truncated]",…}',
    )
  })

  it('shortens long strings as little as it can', () => {
    const banner = { spillPath: null, banner: 'x'.repeat(200) }
    expect(excerptJson(banner, 160)).toBe(`{"spillPath":null,"banner":"${'x'.repeat(119)}…"}`)
    expect(excerptJson(banner, 100)).toBe(`{"spillPath":null,"banner":"${'x'.repeat(59)}…"}`)
  })

  it('never takes more columns than its room, and never splits a character', () => {
    for (const max of [5, 12, 20, 33, 47, 64]) {
      for (const value of [witness, { emoji: '😀'.repeat(50) }, { cjk: '漢字かな交じり文'.repeat(9) }, ['a'.repeat(90), [1, [2, [3]]]], 'b'.repeat(90)]) {
        const text = excerptJson(value, max)
        expect(terminalColumns(text), `${max}: ${text}`).toBeLessThanOrEqual(max)
        expect(text, text).toContain('…')
      }
    }
    expect(excerptJson({ emoji: '😀'.repeat(50) }, 45)).toMatch(/^\{"emoji":"(😀)+…"\}$/u)
  })
})
