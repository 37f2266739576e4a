import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { readHeadShape } from '#harness/contracts/tool-output/read-head-shape.ts'
import type { HeadShapeSeen } from '#harness/contracts/tool-output/read-head-shape.ts'

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
  test('siblings under different parents are groups apart; the lines with no parent at their level are one group wherever they come', () => {
    expect(readHeadShape('- a\n  - b\n  - b\n  - b\n- c\n  - d\n  - d\n  - d')).toEqual({ lines: 8, deepest: 2, widest: 3, deep: false })
    expect(readHeadShape('    - p\n- a\n    - q\n- b\n    - r')).toEqual({ lines: 5, deepest: 3, widest: 3, deep: false })
  })
  test('reads every head as the rule written plainly does (split into lines, matched, siblings grouped by level and parent)', () => {
    // lines of 0 to 9 spaces, then an item or not: `- `, `-`, `-x`, text, nothing, a carriage return
    const line = fc.tuple(fc.integer({ min: 0, max: 9 }), fc.constantFrom('- a', '- ', '-', '-x', '--', 'plain', '', '\r', '- /url: "#i1"', ' - b'))
    const head = fc.array(line, { maxLength: 40 }).map((lines) => lines.map(([spaces, rest]) => `${' '.repeat(spaces)}${rest}`).join('\n'))
    fc.assert(
      fc.property(fc.oneof(head, fc.string({ unit: fc.constantFrom(' ', '-', '\n', 'a') })), (text) => {
        expect(readHeadShape(text)).toEqual(plainReading(text))
      }),
      { numRuns: 2000, seed: 0x0c0ffee },
    )
  })
})

/** The rule as first written: every line, the item lines matched by `^( *)- `, siblings keyed by `level:parent`. */
function plainReading(head: string): HeadShapeSeen {
  const lastAt: number[] = []
  const groups = new Map<string, number>()
  let lines = 0
  let deepest = 0
  let widest = 0
  for (const line of head.split('\n')) {
    const indent = /^( *)- /.exec(line)?.[1]
    if (indent === undefined) continue
    const level = Math.floor(indent.length / 2) + 1
    const group = `${level}:${level === 1 ? -1 : (lastAt[level - 2] ?? -1)}`
    const count = (groups.get(group) ?? 0) + 1
    groups.set(group, count)
    widest = Math.max(widest, count)
    deepest = Math.max(deepest, level)
    lastAt[level - 1] = lines
    lastAt.length = level
    lines++
  }
  return { lines, deepest, widest, deep: deepest >= 5 && widest * 2 < lines }
}
