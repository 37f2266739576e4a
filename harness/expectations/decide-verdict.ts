import type { ContractResult } from '#harness/contracts/contract.ts'
import { entryMatches } from '#harness/expectations/known-failing.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'

/** How one scenario run against one adapter ended, after expectations. */
export type RunVerdict = 'held' | 'broken' | 'expected-broken' | 'unexpected-held' | 'error' | 'untestable'

/** The verdicts a run may end with and still pass. */
export const passingVerdicts: ReadonlySet<RunVerdict> = new Set(['held', 'expected-broken'])

/** One contract's result in a run, with the known-failing entry that expected it to break, if any. */
export type ContractOutcome = { id: string; expectedBy?: { pattern: string; reason: string; source: string; link?: string; kind?: 'flaky' } } & ContractResult

/** The verdict of a run and, when the verdict is `unexpected-held`, the stale entries. */
export interface VerdictDecision {
  verdict: RunVerdict
  stale: KnownFailingEntry[]
  /** Why the verdict is `error`, when it is. */
  reason?: string
}

/**
 * Decides a run's verdict from its contracts and the adapter's known-failing entries: an unlisted broken contract is
 * `broken`; only listed ones (known-failing or known-flaky), `expected-broken`; a known-failing entry that now holds is
 * stale (`unexpected-held`) — a known-flaky one never is; an adapter
 * failure or a contract that could not decide is `error`; a system that cannot run here (no browser) is `untestable`.
 */
export function decideVerdict(scenarioId: string, contracts: ContractOutcome[], entries: readonly KnownFailingEntry[], adapterFailure?: string): VerdictDecision {
  if (adapterFailure?.startsWith('untestable:')) return { verdict: 'untestable', stale: [], reason: adapterFailure }
  if (adapterFailure !== undefined) return { verdict: 'error', stale: [], reason: adapterFailure }
  const failing = entries.filter((e) => e.kind !== 'flaky')
  const flaky = entries.filter((e) => e.kind === 'flaky')
  for (const c of contracts) {
    const entry = c.verdict === 'broken' ? (failing.find((e) => entryMatches(e, scenarioId, c.id)) ?? flaky.find((e) => entryMatches(e, scenarioId, c.id))) : undefined
    if (entry) c.expectedBy = { pattern: entry.pattern, reason: entry.reason, source: entry.source, ...(entry.link ? { link: entry.link } : {}), ...(entry.kind ? { kind: entry.kind } : {}) }
  }
  const relevant = failing.filter((e) => entryMatches(e, scenarioId))
  const stale = relevant.filter((e) => !contracts.some((c) => c.verdict !== 'held' && entryMatches(e, scenarioId, c.id)))
  const unlisted = contracts.filter((c) => c.verdict === 'broken' && !c.expectedBy)
  const undecided = contracts.filter((c) => c.verdict === 'unknown')
  if (unlisted.length > 0) return { verdict: 'broken', stale }
  if (stale.length > 0) return { verdict: 'unexpected-held', stale }
  if (undecided.length > 0) {
    return { verdict: 'error', stale, reason: undecided.map((c) => `${c.id} could not decide: ${c.verdict === 'unknown' ? c.reason : ''}`).join('; ') }
  }
  return { verdict: contracts.some((c) => c.verdict === 'broken') ? 'expected-broken' : 'held', stale }
}
