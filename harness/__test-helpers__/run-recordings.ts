import { existsSync, mkdirSync, readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { History } from '#harness/history/history.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import { writeFileAtomic } from '#harness/reporters/write-file-atomic.ts'

/**
 * The environment variable naming a folder where a test of the kit's own test run keeps a History it recorded, so a
 * later test file needing the same run judges that one instead of recording it again (set by the global setup).
 */
export const runRecordingsVariable = 'CONTRACT_KIT_RUN_RECORDINGS'

/** Test helper: keeps a History one test recorded (adapter × scenario, at scale 1) for the later files of this test run; nothing when no folder is set. */
export function keepRecording(adapter: string, scenario: string, history: History): void {
  const dir = process.env[runRecordingsVariable]
  if (!dir || (history.timeScale ?? 1) !== 1) return
  const file = join(dir, historyFileName(adapter, scenario))
  mkdirSync(dirname(file), { recursive: true })
  writeFileAtomic(file, JSON.stringify(history))
}

/**
 * Test helper: the History of adapter × scenario an earlier file of this test run kept (`earlier`), or — when none
 * did, as when a test file runs alone — the one `record` makes now (`recorded`). The proof is the same either way.
 */
export async function recordingOf<H extends History>(adapter: string, scenario: string, record: () => Promise<H>): Promise<{ history: H; source: 'earlier' | 'recorded' }> {
  const kept = keptHistory<H>(runRecordingsVariable, adapter, scenario)
  return kept ? { history: kept, source: 'earlier' } : { history: await record(), source: 'recorded' }
}

/** Test helper: the History of adapter × scenario kept in the folder the environment variable `variable` names, or undefined. */
export function keptHistory<H extends History>(variable: string, adapter: string, scenario: string): H | undefined {
  const dir = process.env[variable]
  const file = dir ? join(dir, historyFileName(adapter, scenario)) : undefined
  return file && existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as H) : undefined
}
