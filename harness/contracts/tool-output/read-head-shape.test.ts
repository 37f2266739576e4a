import { describe, expect, test } from 'vitest'
import { readHeadShape } from '#harness/contracts/tool-output/read-head-shape.ts'

const chain = (levels: number) => Array.from({ length: levels }, (_, i) => `${'  '.repeat(i)}- group "g${i}":`).join('\n')

describe('readHeadShape: the shape the depth rule reads', () => {
  test('a wide flat list: deepest level 4 (the /url lines), not deep', () => {
    const head = ['- list:', ...Array.from({ length: 6 }, (_, i) => `  - listitem:\n    - link "x${i}":\n      - /url: "#i${i}"`)].join('\n')
    expect(readHeadShape(head)).toEqual({ lines: 19, deepest: 4, widest: 6, deep: false })
  })
  test('a chain five levels deep is deep; the same chain beside as many siblings as lines is wide', () => {
    expect(readHeadShape(chain(5))).toEqual({ lines: 5, deepest: 5, widest: 1, deep: true })
    const wide = `${chain(5)}\n${Array.from({ length: 5 }, (_, i) => `- link "s${i}"`).join('\n')}`
    expect(readHeadShape(wide)).toMatchObject({ lines: 10, deepest: 5, widest: 6, deep: false })
  })
  test('lines that are not items (a cut last line, text) are passed over; odd indentation rounds down', () => {
    expect(readHeadShape('- a\n   - b\nplain\n  - c "cut')).toEqual({ lines: 3, deepest: 2, widest: 2, deep: false })
    expect(readHeadShape('')).toEqual({ lines: 0, deepest: 0, widest: 0, deep: false })
  })
})
