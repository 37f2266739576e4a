import { describe, expect, test } from 'vitest'
import { summarizeMutation, type MutationReport, type ReportedMutant } from '#harness/mutation/mutation-summary.ts'
import { mutationTable } from '#harness/mutation/mutation-table.ts'
import { survivorsMarkdown } from '#harness/mutation/survivors-markdown.ts'
import type { EquivalentMutant } from '#harness/mutation/equivalent-mutants.ts'

const at = (line: number, from: number, to: number): ReportedMutant['location'] => ({ start: { line, column: from }, end: { line, column: to } })
const mutant = (id: string, status: string, line: number, mutatorName = 'EqualityOperator', replacement = 'a < b'): ReportedMutant => ({ id, mutatorName, replacement, status, location: at(line, 1, 7) })

/** Ten mutants in one file: six killed, one timed out, two survived (one listed as equivalent), one never reached. */
const report: MutationReport = {
  files: {
    'fixtures/systems/x/x.ts': {
      source: 'a <= b\nc <= d\ne <= f\n',
      mutants: [...['1', '2', '3', '4', '5', '6'].map((id) => mutant(id, 'Killed', 1)), mutant('7', 'Timeout', 1), mutant('8', 'Survived', 2), mutant('9', 'Survived', 3), mutant('10', 'NoCoverage', 3, 'StringLiteral', '""')],
    },
  },
}
const equivalent: EquivalentMutant = { target: 'x', file: 'fixtures/systems/x/x.ts', mutator: 'EqualityOperator', original: 'c <= d', replacement: 'a < b', reason: 'never reached by the reference' }

describe('the mutation summary', () => {
  test("Stryker's score counts every judgeable mutant; the detectable score leaves out the ones docs/mutation.md explains as equivalent", () => {
    const summary = summarizeMutation('x', report, 12, '2026-12-03', [equivalent])
    expect(summary.counts).toEqual({ Killed: 6, Timeout: 1, Survived: 2, NoCoverage: 1 })
    expect(summary.score).toBe(70) // 7 of 10
    expect(summary.detectableScore).toBe(77.7) // 7 of 9, rounded down
    expect(summary.explained).toBe(1)
    expect(summary.survivors.map((s) => [s.id, s.original, s.equivalent])).toEqual([['8', 'c <= d', 'never reached by the reference'], ['9', 'e <= f', undefined], ['10', 'e <= f', undefined]])
  })
  test('a listed equivalent that timed out is left out of the detectable score (the timeout is the load); one a scenario killed is a wrong row, named', () => {
    const loaded: MutationReport = { files: { 'fixtures/systems/x/x.ts': { ...report.files['fixtures/systems/x/x.ts']!, mutants: [...report.files['fixtures/systems/x/x.ts']!.mutants, mutant('11', 'Timeout', 2), mutant('12', 'Killed', 2)] } } }
    const summary = summarizeMutation('x', loaded, 12, '2026-12-03', [equivalent])
    expect(summary.score).toBe(75) // 9 of 12, as Stryker counts
    expect(summary.detectableScore).toBe(80) // 8 of 10: the timed-out equivalent on neither side, the killed one counted killed
    expect(summary.equivalentTimeouts.map((s) => [s.id, s.equivalent])).toEqual([['11', 'never reached by the reference']])
    expect(summary.contradicted.map((s) => s.id)).toEqual(['12'])
    const markdown = survivorsMarkdown(summary)
    expect(markdown).toContain('## Timed out, though listed as equivalent (1)')
    expect(markdown).toContain('## Killed, though listed as equivalent (1)')
    expect(markdown).toMatch(/\| 2:1 \| Killed #12 \| x \| .* \| \*\*contradicted\*\*: never reached by the reference \|/)
    expect(mutationTable([{ target: 'x', summary }]).split('\n')[2]).toBe('| x | 80.0 % ✗ | 75.0 % | 7 | 2 | 2 | 1 | 1 (+1 timed out) | 2 (+1 killed though listed) | 0 | 12 s |')
  })
  test('a row anchored on a text (`path:"text"`) follows its line wherever an edit moves it, and covers no other line', () => {
    const moved: MutationReport = { files: { 'fixtures/systems/x/x.ts': { source: '// a line added above\na <= b\nc <= d\ne <= f\n', mutants: [mutant('8', 'Survived', 3), mutant('9', 'Survived', 4)] } } }
    const anchored: EquivalentMutant = { ...equivalent, file: 'fixtures/systems/x/x.ts:"c <="', original: '*' }
    const ranged: EquivalentMutant = { ...equivalent, file: 'fixtures/systems/x/x.ts:2-2', original: '*' }
    expect(summarizeMutation('x', moved, 1, 'd', [anchored]).survivors.map((s) => [s.id, s.equivalent])).toEqual([['8', 'never reached by the reference'], ['9', undefined]])
    // the line range written for the file before the edit now explains nothing: the row went stale
    expect(summarizeMutation('x', moved, 1, 'd', [ranged]).explained).toBe(0)
  })
  test('the table marks the detectable score against 95 %, and names a target whose run failed', () => {
    const summary = summarizeMutation('x', report, 12, '2026-12-03', [equivalent])
    const table = mutationTable([{ target: 'x', summary }, { target: 'y', failed: 'Stryker exited 1' }]).split('\n')
    expect(table[2]).toBe('| x | 77.7 % ✗ | 70.0 % | 6 | 1 | 2 | 1 | 1 | 2 | 0 | 12 s |')
    expect(table[3]).toBe('| y | — | — | Stryker exited 1 | | | | | | | |')
    expect(table[0]!.split('|').length).toBe(table[2]!.split('|').length)
  })
})
