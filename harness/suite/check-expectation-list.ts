import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { entryMatches } from '#harness/expectations/known-failing.ts'
import { isExpired } from '#harness/expectations/expiry.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'

/** What is wrong with a list of entries before any case runs: each expired entry, and each that matches no scenario at all. */
export function checkExpectationList(entries: readonly KnownFailingEntry[], scenarios: readonly Pick<LoadedScenario, 'id'>[], day: string): string[] {
  const problems: string[] = []
  for (const e of entries) {
    const list = e.kind === 'flaky' ? 'known-flaky' : 'known-failing'
    if (isExpired(e, day)) {
      problems.push(`${list} entry ${e.pattern} (${e.source}) expired on ${e.expires} (today is ${day}): it no longer excuses a failure; fix the case, or move the date on with a reason${e.link ? ` (${e.link})` : ''}`)
    }
    if (!scenarios.some((s) => entryMatches(e, s.id))) {
      problems.push(`${list} entry ${e.pattern} (${e.source}) is stale: it matches no scenario; remove it or correct its case`)
    }
  }
  return problems
}
