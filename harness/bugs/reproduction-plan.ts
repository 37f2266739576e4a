import type { RunPlan } from '#harness/runner/run-plan.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'

/**
 * The one run that replays a bug's cases: every adapter of its cases (with the port it offers, so each runs only the
 * cases of its port), the cases by their exact ids, expectations off, and every History kept for the person.
 */
export function reproductionPlan(cases: readonly BugCase[]): { plan: RunPlan; ports: string[] } {
  const adapters = new Map<string, string>()
  for (const c of cases) for (const name of [c.preFix, c.reference]) if (name !== undefined) adapters.set(name, c.port)
  return {
    plan: {
      adapters: [...adapters].map(([name, port]) => ({ name, ports: [port] })),
      scenarios: cases.map((c) => c.id),
      noExpectations: true,
      keepHistories: true,
    },
    ports: [...new Set(cases.map((c) => c.port))],
  }
}
