import { existsSync, rmSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'

/** What a run writes into its reports folder, and so what an earlier run left there. */
export const reportNames = ['results.json', 'junit.xml', 'summary.md', 'matrix.html', 'matrix.png', 'histories'] as const

/** The file that says a run is writing into the folder: its reports are not there yet. */
export const inProgressName = '.in-progress'

/**
 * Claims a reports folder for a run: removes what an earlier run wrote there (results.json, junit.xml, summary.md,
 * matrix.html, matrix.png, histories/ — nothing else), so no report of it is left looking current, and writes
 * `.in-progress` (the pid and the start) until `done()`. `abandon()` removes the marker and whatever this run wrote
 * (a run aborted by a second Ctrl-C leaves no report).
 */
export function claimReportFolder(outDir: string): { done(): void; abandon(): void } {
  mkdirSync(outDir, { recursive: true })
  const marker = join(outDir, inProgressName)
  writeFileSync(marker, `contract-kit run in progress: pid ${process.pid}, started ${new Date().toISOString()}\n`)
  const clear = () => {
    for (const name of reportNames) rmSync(join(outDir, name), { recursive: true, force: true })
  }
  clear()
  return {
    done: () => rmSync(marker, { force: true }),
    abandon: () => {
      clear()
      if (existsSync(marker)) rmSync(marker, { force: true })
    },
  }
}
