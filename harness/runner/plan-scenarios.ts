import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { requiredCapabilities } from '#harness/profiles/capabilities.ts'
import type { PlanAdapter } from '#harness/runner/run-plan.ts'

/** The scenarios one adapter of a plan runs: those of its ports, its own patterns, and the capabilities it has. */
export function planScenarios(adapter: PlanAdapter, scenarios: readonly LoadedScenario[]): LoadedScenario[] {
  const own = adapter.scenarios?.length ? selectScenarios(scenarios, adapter.scenarios) : scenarios
  return own.filter((s) => (adapter.ports === undefined || adapter.ports.includes(s.scenario.port)) && missingCapabilities(adapter, s).length === 0)
}

/** The capabilities a scenario needs that an adapter does not have. */
export function missingCapabilities(adapter: PlanAdapter, loaded: LoadedScenario): string[] {
  const has = adapter.capabilities
  return has === undefined ? [] : requiredCapabilities(loaded.scenario).filter((c) => !has.includes(c))
}
