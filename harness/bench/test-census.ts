/** The parts of vitest's JSON report (`--reporter=json`) the census and the suite benchmark read. */
export interface VitestJsonReport {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTotalTests: number
  startTime: number
  testResults: Array<{
    name: string
    startTime: number
    endTime: number
    status: string
    assertionResults: Array<{ title: string; ancestorTitles: string[]; status: string }>
  }>
}

/** One kind of proof the kit's tests keep, and how to tell its tests: by file (relative to the checkout) and, where a file holds more, by title. */
interface ProofKind {
  name: string
  file: RegExp
  title?: RegExp
}

/**
 * The proofs counted, each a test of its own: what issue 23 promised would not go down while the suite got faster.
 * A test counts under the first kind it matches.
 */
const proofKinds: readonly ProofKind[] = [
  { name: 'bundled scenario × bundled system runs (the contract suites)', file: /^harness\/suite\/[^/]+\.suite\.ts$/ },
  { name: 'rule-table rows (owner judges, mutant breaks)', file: /^harness\/rules\/rule-table(-[a-z-]+)?\.test\.ts$/, title: /its owner judges it/ },
  { name: 'silent systems never held', file: /^harness\/suite\/silent-systems(-[a-z-]+)?\.test\.ts$/ },
  { name: 'explorer: mutants found', file: /^harness\/explore\/[^/]+\.test\.ts$/, title: /finds every mutant|> finds |is found/ },
  { name: 'explorer: other proofs (references survive, found files replay)', file: /^harness\/explore\/[^/]+\.test\.ts$/ },
  { name: 'contract proofs (harness/contracts)', file: /^harness\/contracts\/.+\.test\.ts$/ },
  { name: 'third-party clients hold', file: /third-party-clients(-[a-z0-9-]+)?\.test\.ts$/ },
  { name: 'hostile cases', file: /hostile/ },
]

/** One row of the census: a kind of proof and how many of its tests passed and ran. */
export interface CensusRow {
  kind: string
  passed: number
  total: number
}

/** Counts the proofs a vitest JSON report holds, by kind, with every test last (`all tests`); `root` is the checkout the report's absolute file names start with. */
export function testCensus(report: VitestJsonReport, root: string): CensusRow[] {
  const rows = new Map<string, CensusRow>(proofKinds.map((k) => [k.name, { kind: k.name, passed: 0, total: 0 }]))
  const all: CensusRow = { kind: 'all tests', passed: 0, total: 0 }
  const prefix = root.endsWith('/') ? root : `${root}/`
  for (const file of report.testResults) {
    const path = file.name.startsWith(prefix) ? file.name.slice(prefix.length) : file.name
    for (const test of file.assertionResults) {
      const title = [...test.ancestorTitles, test.title].join(' > ')
      const kind = proofKinds.find((k) => k.file.test(path) && (!k.title || k.title.test(title)))
      for (const row of kind ? [rows.get(kind.name)!, all] : [all]) {
        row.total++
        if (test.status === 'passed') row.passed++
      }
    }
  }
  return [...rows.values(), all]
}

/** The census of two reports side by side, as a Markdown table: before, after, and whether any kind went down. */
export function censusTable(before: readonly CensusRow[], after: readonly CensusRow[]): string {
  const lines = ['| proofs | before (passed / tests) | after (passed / tests) | |', '| --- | --- | --- | --- |']
  for (const row of after) {
    const was = before.find((b) => b.kind === row.kind)
    const fewer = was !== undefined && row.total < was.total
    lines.push(`| ${row.kind} | ${was ? `${was.passed} / ${was.total}` : '-'} | ${row.passed} / ${row.total} | ${fewer ? '✗ fewer' : '✓'} |`)
  }
  return lines.join('\n')
}
