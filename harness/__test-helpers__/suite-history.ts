import { existsSync } from 'node:fs'
import { dirname, join } from 'node:path'
import type { History } from '#harness/history/history.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import { suiteHistoriesVariable } from '#harness/runner/suite-histories.ts'
import { keptHistory } from '#harness/__test-helpers__/run-recordings.ts'

/** Where a History came from: written by this test run's contract suites, or recorded by the test itself (`resettled`: because the suite's was settled at a larger time scale). */
export type HistorySource = 'suite' | 'recorded' | 'resettled'

/**
 * Test helper: the History one adapter × scenario run of this test run's contract suites wrote (the kit's `npm test`
 * runs the suites first, then the `*.after-suites.test.ts` files), or — when the suites wrote none, as when a test file
 * runs alone, or settled it at a larger time scale (its figures are then scaled) — the one `record` makes now, at
 * scale 1. The proof is the same either way; only who paid for the run differs.
 */
export async function suiteHistory<H extends History>(adapter: string, scenario: string, record: () => Promise<H>): Promise<{ history: H; source: HistorySource }> {
  const history = keptHistory<H>(suiteHistoriesVariable, adapter, scenario)
  if (!history) return { history: await record(), source: 'recorded' }
  return (history.timeScale ?? 1) === 1 ? { history, source: 'suite' } : { history: await record(), source: 'resettled' }
}

/** Test helper: whether this test run's contract suites wrote any History of an adapter (then each one a test needs should be there). */
export function suitesRan(adapter: string): boolean {
  const dir = process.env[suiteHistoriesVariable]
  return dir !== undefined && existsSync(join(dir, dirname(historyFileName(adapter, 'any'))))
}
