import type { ScenarioOf } from '#harness/contracts/contract.ts'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import type { PagerCase } from '#harness/arbitraries/pager-case.ts'

/** The contracts a generated case exercises, derived from its ceilings and steps as a scenario's are (none named). */
export function pagerCaseExercises(pagerCase: Pick<PagerCase, 'ceilings' | 'steps'>): string[] {
  const scenario = {
    title: 'a generated pager case',
    port: 'pager',
    fixture: 'analysis-run/six-turns', // the case brings its own records; contracts never read the fixture's name
    given: { ceilings: pagerCase.ceilings },
    steps: pagerCase.steps,
  } satisfies Omit<ScenarioOf<'pager'>, 'fixture'> & { fixture: string }
  const exercised = exercisedContracts(scenario as ScenarioOf<'pager'>)
  return exercised.ok ? exercised.exercises : []
}
