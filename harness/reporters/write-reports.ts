import { readdirSync, rmSync, type Dirent } from 'node:fs'
import { join } from 'node:path'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { ExplorationEntry, RunInterruption, RunResults } from '#harness/reporters/run-results.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import { junitXml } from '#harness/reporters/junit-xml.ts'
import { summaryMarkdown } from '#harness/reporters/summary-markdown.ts'
import { matrixHtml } from '#harness/reporters/matrix/matrix-html.ts'
import { writeFileAtomic } from '#harness/reporters/write-file-atomic.ts'
import { writeHistoryFile } from '#harness/reporters/write-history-file.ts'

/**
 * Writes a run's reports into a folder — every kept History first, then junit.xml, summary.md, matrix.html, and
 * results.json last — each whole or not at all; returns the results. `explorations` (from `contract-kit explore`)
 * are kept in results.json; an `interruption` marks every report interrupted, with the runs that did not run.
 */
export function writeReports(outDir: string, outcomes: readonly RunOutcome[], errors: readonly string[], explorations?: readonly ExplorationEntry[], interruption?: RunInterruption, timeScale?: number): RunResults {
  const results = runResults(outcomes, errors, (o, attempt) => historyFileName(o.adapter, o.scenario, attempt), explorations, interruption, timeScale)
  for (const o of outcomes) {
    if (o.history) writeHistoryFile(join(outDir, historyFileName(o.adapter, o.scenario)), o.history)
    for (const a of o.settling ?? []) if (a.history) writeHistoryFile(join(outDir, historyFileName(o.adapter, o.scenario, a.attempt)), a.history)
  }
  // a worker writes its History as its run ends: one whose outcome came after the interruption is not in the reports
  if (interruption) removeUnlisted(outDir, new Set(results.runs.flatMap((r) => [r.history, ...(r.settling ?? []).map((a) => a.history)].flatMap((h) => (h ? [join(outDir, h)] : [])))))
  writeFileAtomic(join(outDir, 'junit.xml'), junitXml(results))
  writeFileAtomic(join(outDir, 'summary.md'), summaryMarkdown(results))
  writeFileAtomic(join(outDir, 'matrix.html'), matrixHtml(results))
  writeFileAtomic(join(outDir, 'results.json'), JSON.stringify(results, null, 2) + '\n')
  return results
}

/** Removes every History file in the reports folder that the results do not list (and the folders left empty). */
function removeUnlisted(outDir: string, listed: ReadonlySet<string>): void {
  const walk = (folder: string): boolean => {
    let entries: Dirent[]
    try {
      entries = readdirSync(folder, { withFileTypes: true })
    } catch {
      return false
    }
    let kept = false
    for (const entry of entries) {
      const path = join(folder, entry.name)
      if (entry.isDirectory() ? walk(path) : listed.has(path)) kept = true
      else rmSync(path, { recursive: true, force: true })
    }
    if (!kept) rmSync(folder, { recursive: true, force: true })
    return kept
  }
  walk(join(outDir, 'histories'))
}
