import { describe, expect, test } from 'vitest'
import { summarizeMutation, type MutationReport, type ReportedMutant } from '#harness/mutation/mutation-summary.ts'
import { mutationTable } from '#harness/mutation/mutation-table.ts'
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
  test('the table marks the detectable score against 95 %, and names a target whose run failed', () => {
    const summary = summarizeMutation('x', report, 12, '2026-12-03', [equivalent])
    const table = mutationTable([{ target: 'x', summary }, { target: 'y', failed: 'Stryker exited 1' }]).split('\n')
    expect(table[2]).toBe('| x | 77.7 % ✗ | 70.0 % | 6 | 1 | 2 | 1 | 1 | 2 | 0 | 12 s |')
    expect(table[3]).toBe('| y | — | — | Stryker exited 1 | | | | | | | |')
    expect(table[0]!.split('|').length).toBe(table[2]!.split('|').length)
  })
})
