import { describe, expect, test } from 'vitest'
import { survivorsMarkdown } from '#harness/mutation/survivors-markdown.ts'
import { readEquivalentMutants } from '#harness/mutation/equivalent-mutants.ts'

describe('survivorsMarkdown', () => {
  test('a reason holding `|` stays one cell: the row reads back as docs/mutation.md reads its own', () => {
    const survivor = { id: '7', file: 'fixtures/systems/x/y.ts', line: 3, column: 9, mutator: 'LogicalOperator', status: 'Survived', original: 'a || b', replacement: 'a && b', equivalent: 'either side of a || b is true here' }
    const markdown = survivorsMarkdown({ target: 'x', date: 'd', wallSeconds: 1, counts: { Survived: 1 }, score: 0, explained: 1, detectableScore: 100, survivors: [survivor], equivalentTimeouts: [], contradicted: [] })
    const row = markdown.split('\n').find((line) => line.startsWith('| 3:9 '))!
    expect(row.split(/(?<!\\)\|/).length).toBe(10) // eight cells between nine bars
    expect(row).toContain('| either side of a \\|\\| b is true here |')
    // the same row, its two leading cells dropped, is a row of docs/mutation.md's table that reads back to the same reason
    const table = '| reference | file | mutator | original | replacement | why it is equivalent |\n| --- | --- | --- | --- | --- | --- |\n'
    const [listed] = readEquivalentMutants(table + `| ${row.split(/(?<!\\)\|/).slice(3).join('|').trim()}`)
    expect(listed).toMatchObject({ mutator: 'LogicalOperator', original: 'a || b', replacement: 'a && b', reason: 'either side of a || b is true here' })
  })
})
