import type { RunResults } from '#harness/reporters/run-results.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'

/** One run as results.json keeps it. */
export type ResultRun = RunResults['runs'][number]

/** One side of a case: the adapter it ran against and its run (absent when the run left no result). */
export interface CaseSide {
  adapter: string
  run?: ResultRun
}

/** A case with its pre-fix side (absent for a reference-only case) and its reference side. */
export interface CaseRow {
  case: BugCase
  preFix?: CaseSide
  reference: CaseSide
}

/** Pairs each case with its runs: the pre-fix system's and the reference's, found by adapter and case id. */
export function sideBySide(cases: readonly BugCase[], runs: readonly ResultRun[]): CaseRow[] {
  const side = (adapter: string, id: string): CaseSide => {
    const run = runs.find((r) => r.adapter === adapter && r.scenario === id)
    return run ? { adapter, run } : { adapter }
  }
  return cases.map((c) => ({ case: c, ...(c.preFix ? { preFix: side(c.preFix, c.id) } : {}), reference: side(c.reference, c.id) }))
}
