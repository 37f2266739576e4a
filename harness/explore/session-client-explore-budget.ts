import { expect } from 'vitest'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'

/**
 * Test helper: the budget the session-client explore tests give every mutant and every reference — a fixed seed; a
 * mutant up to 60 cases, stopping at the first found (at seed 1 each is found within its first 30); a reference 40.
 */
export const sessionClientExploreBudget = { seed: 1, mutantRuns: 60, referenceRuns: 40 } as const

/** Explores a reference with the budget and asserts it survives: nothing found in every one of its cases. */
export async function expectReferenceSurvives(adapter: Adapter): Promise<void> {
  const { seed, referenceRuns } = sessionClientExploreBudget
  const exploration = await explorePort({ adapter, port: 'session-client', runs: referenceRuns, seed })
  const found = exploration.found
  expect(found && { verdict: found.outcome.verdict, error: found.outcome.error?.message, contracts: found.outcome.contracts.filter((c) => c.verdict !== 'held' && c.verdict !== 'not-applicable') }, JSON.stringify(found?.scenario)).toBeUndefined()
  expect(exploration.cases).toBe(referenceRuns)
}
