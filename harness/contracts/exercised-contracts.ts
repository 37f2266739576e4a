import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import type { AnyContract } from '#harness/contracts/contract.ts'
import { contractsById, contractsOfPort } from '#harness/contracts/index.ts'
import type { Observation } from '#harness/adapters/observation.ts'

/** The contracts a scenario exercises, or where and why it is wrong: a named contract it cannot exercise, or none at all. */
export type Exercised = { ok: true; exercises: string[] } | { ok: false; path: Array<string | number>; message: string }

/**
 * The contracts a scenario exercises: those it names in `contracts:` (each must be one its steps give something to
 * judge), or else every contract of its port whose `exercisedBy` says so (a `named` contract only where named). A
 * scenario that exercises nothing is an error.
 */
export function exercisedContracts(scenario: Scenario): Exercised {
  let found = decided.get(scenario)
  if (!found) {
    found = decide(scenario)
    decided.set(scenario, found)
  }
  return found
}

/** What exercisedContracts decided, per scenario object: the schema's check and the loader ask about the same one. */
const decided = new WeakMap<Scenario, Exercised>()

function decide(scenario: Scenario): Exercised {
  const named = scenario.contracts
  if (named !== undefined) {
    for (const [index, id] of named.entries()) {
      const contract = contractsById.get(id)
      if (!contract) return { ok: false, path: ['contracts', index], message: `no contract of the ${scenario.port} port has the id ${id}` }
      const why = exercise(contract, scenario)
      if (why !== true) return { ok: false, path: ['contracts', index], message: `${id} is not exercised by this scenario: ${why}` }
      const twice = named.indexOf(id)
      if (twice !== index) return { ok: false, path: ['contracts', index], message: `${id} is named twice (also at contracts[${twice}])` }
    }
    return { ok: true, exercises: [...named] }
  }
  const reasons: string[] = []
  const exercises = contractsOfPort(scenario.port).flatMap((contract) => {
    if (contract.exercise === 'named') return []
    const why = exercise(contract, scenario)
    if (why === true) return [contract.id]
    reasons.push(`${contract.id}: ${why}`)
    return []
  })
  if (exercises.length === 0) return { ok: false, path: ['steps'], message: `this scenario exercises no contract (${reasons.join('; ')})` }
  return { ok: true, exercises }
}

/** What the exercised contracts of a scenario need to observe of the implementation (stderr, a process to kill…). */
export function contractNeeds(scenario: Scenario, exercises: readonly string[]): Observation[] {
  const needs = exercises.flatMap((id) => contractsById.get(id)?.needs?.(scenario) ?? [])
  return [...new Set(needs)]
}

function exercise(contract: AnyContract, scenario: Scenario): true | string {
  if (contract.port !== scenario.port) return `it judges the ${contract.port} port, not ${scenario.port}`
  return contract.exercisedBy(scenario)
}
