import { describe, expect, test } from 'vitest'
import { censusTable, testCensus } from '#harness/bench/test-census.ts'
import type { VitestJsonReport } from '#harness/bench/test-census.ts'

const file = (name: string, tests: Array<[string[], string, string]>) => ({
  name: `/kit/${name}`,
  startTime: 0,
  endTime: 1,
  status: 'passed',
  assertionResults: tests.map(([ancestorTitles, title, status]) => ({ ancestorTitles, title, status })),
})

const report: VitestJsonReport = {
  numPassedTests: 8,
  numFailedTests: 1,
  numPendingTests: 0,
  numTotalTests: 9,
  startTime: 0,
  testResults: [
    file('harness/suite/pager.suite.ts', [[['pager/reference'], 'regressions/x', 'passed']]),
    file('harness/rules/rule-table.test.ts', [
      [['the rule table of docs/contracts.md'], 'R1: its owner judges it in the scenarios named, and its mutant breaks it', 'passed'],
      [['the rule table of docs/contracts.md'], 'names every rule of the documents once, and no other', 'passed'],
    ]),
    file('harness/rules/rule-table-stdio.test.ts', [[['the rule table of docs/contracts.md'], 'R2: its owner judges it in the scenarios named, and its mutant breaks it', 'passed']]),
    file('harness/suite/silent-systems-pager.test.ts', [[['silent implementations are never held'], 'pager/silent/errors', 'passed']]),
    file('harness/explore/pager-explore.test.ts', [
      [['explore on the pager port, in process'], 'finds limit-ignored', 'failed'],
      [['explore on the pager port, in process'], 'pager/reference survives the same budget: nothing found', 'passed'],
    ]),
    file('harness/adapters/stdio/hostile-json-rpc-process.test.ts', [[[], 'a flood of blank lines', 'passed']]),
    file('harness/cli/cli.test.ts', [[[], 'help', 'passed']]),
  ],
}

describe('testCensus', () => {
  const rows = Object.fromEntries(testCensus(report, '/kit').map((r) => [r.kind, r]))

  test('counts each test under the first kind whose file and title it matches (a file split in parts counts in each part)', () => {
    expect(rows['bundled scenario × bundled system runs (the contract suites)']).toMatchObject({ passed: 1, total: 1 })
    expect(rows['rule-table rows (owner judges, mutant breaks)']).toMatchObject({ passed: 2, total: 2 })
    expect(rows['silent systems never held']).toMatchObject({ passed: 1, total: 1 })
    expect(rows['explorer: mutants found']).toMatchObject({ passed: 0, total: 1 })
    expect(rows['explorer: other proofs (references survive, found files replay)']).toMatchObject({ passed: 1, total: 1 })
    expect(rows['hostile cases']).toMatchObject({ passed: 1, total: 1 })
  })

  test('every test is in the last row, whatever its kind', () => expect(rows['all tests']).toMatchObject({ passed: 8, total: 9 }))

  test('the table marks a kind with fewer tests than before', () => {
    const after = testCensus({ ...report, testResults: report.testResults.slice(0, 1) }, '/kit')
    const table = censusTable(testCensus(report, '/kit'), after)
    expect(table).toContain('| rule-table rows (owner judges, mutant breaks) | 2 / 2 | 0 / 0 | ✗ fewer |')
    expect(table).toContain('| bundled scenario × bundled system runs (the contract suites) | 1 / 1 | 1 / 1 | ✓ |')
  })
})
