import type { PagerHistory as History } from '#harness/history/history.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import { pagerReads } from '#harness/contracts/pager/pager-reads.ts'

/** Why a generated case may leave a contract without a verdict of evidence, or undefined when it may not. */
export function excusedOutcome(history: History, o: ContractOutcome): string | undefined {
  if (o.verdict === 'held' || o.verdict === 'broken') return undefined
  const reads = pagerReads(history)
  // nothing to measure: the collection is empty, or every item the reads reached was refused as too large
  if (!reads.some((r) => (r.outcome.kind === 'page' || r.outcome.kind === 'rejected') && r.outcome.page.items.length > 0)) return 'no page of items'
  // the first item is too large alone: there is no first page to reach
  const refusedFirst = reads.some((r) => r.request.cursor == null && r.outcome.kind === 'error' && r.outcome.code === 'result_limit_exceeded')
  if (o.id === 'recovery/first-page-reachable' && o.verdict === 'not-applicable' && refusedFirst) return 'first item refused'
  // a contract the case does not exercise may find nothing to judge (no item too large alone to refuse)
  if (!o.exercised && o.verdict === 'not-applicable') return 'not exercised'
  return undefined
}

/**
 * The outcomes a generated case fails the property on: a broken contract, or one left `unknown` or `not-applicable`
 * where the case gave it evidence to judge (excusedOutcome says where it did not).
 */
export function pagerCaseFailures(history: History, outcomes: readonly ContractOutcome[]): ContractOutcome[] {
  return outcomes.filter((o) => o.verdict === 'broken' || (o.verdict !== 'held' && excusedOutcome(history, o) === undefined))
}
