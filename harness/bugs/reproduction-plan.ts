import type { RunPlan } from '#harness/runner/run-plan.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'
import { suiteOf } from '#harness/timing/timing-bound.ts'

/**
 * The one run that replays a bug's cases: every adapter of its cases (with the port it offers, so each runs only the
 * cases of its port), the cases by their exact ids, expectations off, and every History kept for the person; and the contract suites that declare them.
 */
export function reproductionPlan(cases: readonly BugCase[]): { plan: RunPlan; suites: string[] } {
  const adapters = new Map<string, string>()
  for (const c of cases) for (const name of [c.preFix, c.reference]) if (name !== undefined) adapters.set(name, c.port)
  return {
    plan: {
      adapters: [...adapters].map(([name, port]) => ({ name, ports: [port] })),
      scenarios: cases.map((c) => c.id),
      noExpectations: true,
      keepHistories: true,
    },
    suites: [...new Set(cases.map((c) => suiteOf(c.port, c.exercises ?? [])))],
  }
}
