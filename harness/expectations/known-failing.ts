import { matchCaseId } from '#harness/scenario/match-case-id.ts'

/** One known-failing entry: a pattern over scenario ids, optionally narrowed to a contract, and why it is expected to fail. */
export interface KnownFailingEntry {
  /** The entry as written: `scenario-pattern` or `scenario-pattern:contract-pattern`. */
  pattern: string
  scenario: string
  contract?: string
  reason: string
  /** Where the entry is written (`file:line`), for messages. */
  source: string
  /** The issue that tracks it (profiles require one). */
  link?: string
  /** The last day (YYYY-MM-DD, UTC) the entry excuses a failure; after it, the entry fails the run. */
  expires?: string
  /** `flaky`: the contract may hold or break (a profile's knownFlaky list); absent: it is expected to break. */
  kind?: 'flaky'
}

/** A known-failing list that cannot be read: one line naming the file, the line and what was expected. */
export class KnownFailingListError extends Error {
  override readonly name = 'KnownFailingListError'
}

/**
 * Reads a known-failing list: groups of entries, one per line, each group preceded by `#` lines giving its reason
 * (a blank line ends a group). An entry with no reason is an error.
 */
export function parseKnownFailing(text: string, file: string): KnownFailingEntry[] {
  const entries: KnownFailingEntry[] = []
  let reason: string[] = []
  let inEntries = false
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = raw.trim()
    if (line === '') {
      reason = []
      inEntries = false
      return
    }
    if (line.startsWith('#')) {
      if (inEntries) reason = []
      inEntries = false
      reason.push(line.replace(/^#+\s*/, ''))
      return
    }
    inEntries = true
    const source = `${file}:${i + 1}`
    if (reason.join(' ').trim() === '') throw new KnownFailingListError(`${source}: entry "${line}" has no reason: write a "# why it fails" line above its group`)
    if (/\s/.test(line)) throw new KnownFailingListError(`${source}: expected one pattern per line (scenario-id or scenario-id:contract-id), got "${line}"`)
    const [scenario, contract, extra] = line.split(':')
    if (extra !== undefined || scenario === '' || contract === '') throw new KnownFailingListError(`${source}: expected scenario-id or scenario-id:contract-id, got "${line}"`)
    entries.push({ pattern: line, scenario, ...(contract ? { contract } : {}), reason: reason.join(' '), source })
  })
  return entries
}

/** Whether an entry covers a scenario (and, when given, one of its contracts). */
export function entryMatches(entry: KnownFailingEntry, scenarioId: string, contractId?: string): boolean {
  if (!matchCaseId(entry.scenario, scenarioId)) return false
  if (contractId === undefined || entry.contract === undefined) return true
  return matchCaseId(entry.contract, contractId)
}
