import { expect } from 'vitest'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { twoParts, type ExploredCases } from '#harness/__test-helpers__/explored-cases.ts'
import type { History } from '#harness/history/history.ts'

/**
 * Test helper: the budget the session-client explore tests give every mutant and every reference — a fixed seed; a
 * mutant up to 60 cases, stopping at the first found (at seed 1 each is found within its first 30); a reference 40.
 */
export const sessionClientExploreBudget = { seed: 1, mutantRuns: 60, referenceRuns: 40 } as const

/**
 * Test helper: the time an explore test of a client run as a command is given — about a minute on a quiet 2-core
 * machine, but on a busy one the cases its slowness left unknown because of time are replayed at 2× and 4× (as
 * `contract-kit run` settles them), which is what makes a busy machine give the same verdicts, only later.
 */
export const exploreTestTimeoutMs = 900_000

/**
 * The reference budget in two halves — cases 1–20 and 21–40 of the seed — for a client started as a command for every
 * case (0.5–0.9 s a case: a process, and the case's own timeline), so that two test files, on two workers, explore one
 * half each.
 */
export const referenceHalves = twoParts(sessionClientExploreBudget.referenceRuns)

/** Explores a reference with the budget (all its cases, or the part `cases` names) and asserts it survives: nothing found in every one of them. */
export async function expectReferenceSurvives(adapter: Adapter, cases: ExploredCases = { from: 0, runs: sessionClientExploreBudget.referenceRuns }): Promise<void> {
  const { seed } = sessionClientExploreBudget
  const exploration = await explorePort({ adapter, port: 'session-client', runs: cases.runs, seed, from: cases.from })
  const found = exploration.found
  const seen = found && `${JSON.stringify(found.scenario)}\n${timeline(found.outcome.history)}`
  expect(found && { verdict: found.outcome.verdict, error: found.outcome.error?.message, contracts: found.outcome.contracts.filter((c) => c.verdict !== 'held' && c.verdict !== 'not-applicable') }, seen).toBeUndefined()
  expect(exploration.cases).toBe(cases.runs)
}

/** Test helper: a run's History as one line of `ms event` steps from the client's start — what the server saw, and when — for a failure's message. */
export function timeline(history: History | undefined): string {
  const events = history?.events ?? []
  const start = events[0]?.time ?? 0
  const step = (e: (typeof events)[number]): string => {
    if (e.type !== 'note') return `${e.type}${'f' in e ? ` ${e.f}` : ''}`
    const v = e.value as { type?: string; frame?: number; read?: number; answer?: string; how?: string }
    return [v.type ?? e.what, v.frame ?? (v.read === undefined ? undefined : `${v.read} ${v.answer}`), v.how].filter((x) => x !== undefined).join(' ')
  }
  return `timeline (ms from the client's start): ${events.map((e) => `${Math.round(e.time - start)} ${step(e)}`).join(' | ')}`
}
