import type { RunResults } from '#harness/reporters/run-results.ts'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'

/** A known-failing entry as a profile writes it. */
export interface ProfileEntry {
  case: string
  contract?: string
  reason: string
  link: string
  expires?: string
}

/** The new known-failing list: each item keeps an entry of the old list (by index) or adds one; and what changed. */
export interface Rebaseline {
  list: Array<{ keep: number } | { add: ProfileEntry }>
  removed: ProfileEntry[]
  added: ProfileEntry[]
  /** Cases whose run ended in `error`: their entries are kept untouched, since nothing was decided. */
  undecided: string[]
}

/**
 * Rewrites a known-failing list from a run made without expectations: an old entry is kept while it still covers a
 * broken contract, dropped when every case it covers ran and it covers none, and kept untouched when it covers a case
 * that did not run (or ended in error); every broken contract no entry covers gets a new exact entry.
 */
export function rebaseline(old: readonly ProfileEntry[], results: RunResults, adapter: string, allScenarioIds: readonly string[], link: string | undefined): Rebaseline {
  const runs = results.runs.filter((r) => r.adapter === adapter)
  const ran = new Set(runs.filter((r) => r.verdict !== 'error' && r.verdict !== 'untestable').map((r) => r.scenario))
  const undecided = runs.filter((r) => r.verdict === 'error' || r.verdict === 'untestable').map((r) => r.scenario)
  const broken = runs.flatMap((r) => r.contracts.filter((c) => c.verdict === 'broken').map((c) => ({ scenario: r.scenario, contract: c.id, message: c.verdict === 'broken' ? c.message : '' })))
  const covers = (e: ProfileEntry, scenario: string, contract: string) => matchCaseId(e.case, scenario) && (e.contract === undefined || matchCaseId(e.contract, contract))
  const list: Rebaseline['list'] = []
  const removed: ProfileEntry[] = []
  old.forEach((e, index) => {
    const inScope = allScenarioIds.filter((id) => matchCaseId(e.case, id)).every((id) => ran.has(id))
    if (!inScope || broken.some((b) => covers(e, b.scenario, b.contract))) list.push({ keep: index })
    else removed.push(e)
  })
  const added: ProfileEntry[] = []
  for (const b of broken) {
    if (old.some((e) => covers(e, b.scenario, b.contract))) continue
    added.push({ case: b.scenario, contract: b.contract, reason: oneLine(b.message), link: link ?? '' })
  }
  for (const a of added) list.push({ add: a })
  return { list, removed, added, undecided }
}

function oneLine(message: string): string {
  const line = message.replace(/\s+/g, ' ').trim()
  return line.length > 200 ? `${line.slice(0, 197)}...` : line || 'broken when the baseline was taken'
}
