import type { ContractResult } from '#harness/contracts/contract.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import { entryMatches } from '#harness/expectations/known-failing.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import type { HistoryFailure } from '#harness/history/history.ts'

/** How one scenario run against one adapter ended, after expectations. */
export type RunVerdict = 'held' | 'broken' | 'expected-broken' | 'unexpected-held' | 'error' | 'untestable'

/** The verdicts a run may end with and still pass. */
export const passingVerdicts: ReadonlySet<RunVerdict> = new Set(['held', 'expected-broken'])

/** The known-failing or known-flaky entry that expected a contract to break, as a report shows it. */
export interface ExpectedBy {
  pattern: string
  reason: string
  source: string
  link?: string
  kind?: 'flaky'
}

/** One contract's result in a run: whether the scenario exercises it, and the known-failing entry that expected it to break, if any. */
export type ContractOutcome = { id: string; exercised: boolean; expectedBy?: ExpectedBy } & ContractResult

/** The verdict of a run and, when the verdict is `unexpected-held`, the stale entries. */
export interface VerdictDecision {
  verdict: RunVerdict
  stale: KnownFailingEntry[]
  /** Why the verdict is `error` or `untestable`, when it is. */
  reason?: string
}

/**
 * Decides a run's verdict from its contracts and the adapter's known-failing entries. A replay the adapter stopped is
 * `error` (`untestable` when the connection could not run the scenario at all), whatever its contracts say. Otherwise:
 * an unlisted broken contract is `broken`; a known-failing entry none of whose contracts broke is stale
 * (`unexpected-held`) — a known-flaky one never is; an exercised contract that came back `not-applicable` or
 * `unknown` is `error` (held is a claim of evidence, never a default); only listed broken contracts, `expected-broken`.
 */
export function decideVerdict(scenarioId: string, contracts: ContractOutcome[], entries: readonly KnownFailingEntry[], failure?: HistoryFailure): VerdictDecision {
  if (failure?.failure === 'untestable') return { verdict: 'untestable', stale: [], reason: `untestable: ${failure.message}` }
  if (failure !== undefined) return { verdict: 'error', stale: [], reason: `${failure.failure}: ${failure.message}` }
  const failing = entries.filter((e) => e.kind !== 'flaky')
  const flaky = entries.filter((e) => e.kind === 'flaky')
  for (const c of contracts) {
    const entry = c.verdict === 'broken' ? (failing.find((e) => entryMatches(e, scenarioId, c.id)) ?? flaky.find((e) => entryMatches(e, scenarioId, c.id))) : undefined
    if (entry) c.expectedBy = { pattern: entry.pattern, reason: entry.reason, source: entry.source, ...(entry.link ? { link: entry.link } : {}), ...(entry.kind ? { kind: entry.kind } : {}) }
  }
  const relevant = failing.filter((e) => entryMatches(e, scenarioId))
  const stale = relevant.filter((e) => !contracts.some((c) => (c.verdict === 'broken' || c.verdict === 'unknown') && entryMatches(e, scenarioId, c.id)))
  const unlisted = contracts.filter((c) => c.verdict === 'broken' && !c.expectedBy)
  const unjudged = contracts.filter((c) => c.exercised && (c.verdict === 'not-applicable' || c.verdict === 'unknown'))
  if (unlisted.length > 0) return { verdict: 'broken', stale }
  if (stale.length > 0) return { verdict: 'unexpected-held', stale }
  if (unjudged.length > 0) {
    return { verdict: 'error', stale, reason: unjudged.map((c) => `${c.id} is exercised by this scenario but came back ${c.verdict}: ${resultLine(c)}`).join('; ') }
  }
  return { verdict: contracts.some((c) => c.verdict === 'broken') ? 'expected-broken' : 'held', stale }
}
