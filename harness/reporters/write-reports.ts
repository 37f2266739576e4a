import { join } from 'node:path'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { ExplorationEntry, RunResults } from '#harness/reporters/run-results.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import { junitXml } from '#harness/reporters/junit-xml.ts'
import { summaryMarkdown } from '#harness/reporters/summary-markdown.ts'
import { matrixHtml } from '#harness/reporters/matrix/matrix-html.ts'
import { writeFileAtomic } from '#harness/reporters/write-file-atomic.ts'

/**
 * Writes a run's reports into a folder — every kept History first, then junit.xml, summary.md, matrix.html, and
 * results.json last — each whole or not at all; returns the results. `explorations` (from `contract-kit explore`)
 * are kept in results.json.
 */
export function writeReports(outDir: string, outcomes: readonly RunOutcome[], errors: readonly string[], explorations?: readonly ExplorationEntry[]): RunResults {
  const results = runResults(outcomes, errors, (o) => historyFileName(o.adapter, o.scenario), explorations)
  for (const o of outcomes) if (o.history) writeFileAtomic(join(outDir, historyFileName(o.adapter, o.scenario)), JSON.stringify(o.history, null, 1) + '\n')
  writeFileAtomic(join(outDir, 'junit.xml'), junitXml(results))
  writeFileAtomic(join(outDir, 'summary.md'), summaryMarkdown(results))
  writeFileAtomic(join(outDir, 'matrix.html'), matrixHtml(results))
  writeFileAtomic(join(outDir, 'results.json'), JSON.stringify(results, null, 2) + '\n')
  return results
}
