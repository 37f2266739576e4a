import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'

/** The scenarios whose case id matches any of the patterns (all when there are none), once each, in their order. */
export function selectScenarios<T extends Pick<LoadedScenario, 'id'> = LoadedScenario>(
  scenarios: readonly T[],
  patterns: readonly string[],
): T[] {
  if (patterns.length === 0) return [...scenarios]
  return scenarios.filter((scenario) => patterns.some((pattern) => matchCaseId(pattern, scenario.id)))
}
