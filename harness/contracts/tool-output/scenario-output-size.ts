import type { ToolOutputScenario } from '#harness/scenario/plat-200-scenario-schemas.ts'
import type { CapUnit } from '#harness/ports/tool-output-port.ts'
import { measure } from '#harness/measures/measure.ts'
import { pageOutput } from '#harness/drivers/tool-output/resolve-cap.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'

const sizes = new Map<string, number>()

/**
 * The size, in the cap's unit, of the output a tool-output scenario hands the tool, from the scenario alone: the kit's
 * unlimited snapshot of its seeded page (the built-in text; Chromium's is byte-identical on generated pages) and its
 * trailer, so
 * `exercisedBy` can tell an output over its cap from one within it before anything runs.
 */
export function scenarioOutputSize(given: ToolOutputScenario['given']): number {
  const unit = given.cap.unit as CapUnit
  const key = JSON.stringify([given.page, unit, given.trailer ?? ''])
  let size = sizes.get(key)
  if (size === undefined) sizes.set(key, (size = measure(unit, pageOutput(given.page, given.trailer))))
  return size
}

/** Why a tool-output scenario gives the spill and remedy contracts nothing to judge (its output fits its cap), or `true`. */
export function overItsCap(given: ToolOutputScenario['given']): true | string {
  const size = scenarioOutputSize(given)
  return size > given.cap.max ? true : `the page's output (${capAmount(size, given.cap.unit as CapUnit)}) fits the cap of ${given.cap.max.toLocaleString('en-US')}: nothing is cut`
}
