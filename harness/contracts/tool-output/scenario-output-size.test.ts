import { afterAll, describe, expect, test } from 'vitest'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { preparePage } from '#harness/drivers/snapshotter/prepare-page.ts'
import { closeKitSnapshotter, kitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { measure } from '#harness/measures/measure.ts'
import type { ToolOutputScenario } from '#harness/scenario/plat-200-scenario-schemas.ts'
import type { CapUnit } from '#harness/ports/tool-output-port.ts'
import { overItsCap, scenarioOutputSize } from '#harness/contracts/tool-output/scenario-output-size.ts'

// exercisedBy decides from the scenario alone whether its output is over its cap; the driver hands the tool the kit's
// snapshot (and the scenario's trailer after it). They must agree, for the built-in snapshotter and for Chromium, or a check would disagree with exercisedBy.

const scenarios = bundledScenarios.filter((s) => s.scenario.port === 'tool-output').map((s) => [s.id, s.scenario as ToolOutputScenario] as const)
afterAll(() => closeKitSnapshotter())

describe('scenarioOutputSize', () => {
  test.for(scenarios)('%s: the size the scenario promises is the size of the output the kit hands the tool', { timeout: 60_000 }, async ([, scenario]) => {
    const { given } = scenario
    const snapshot = await kitSnapshotter(given.snapshotter as 'built-in' | 'chromium').snapshot({ html: preparePage(given.page).html, options: {} })
    // the driver hands the tool the snapshot, then the scenario's trailer
    expect(scenarioOutputSize(given)).toBe(measure(given.cap.unit as CapUnit, snapshot.text + (given.trailer ?? '')))
    expect(overItsCap(given) === true).toBe(scenarioOutputSize(given) > given.cap.max)
  })
  test('every bundled page is over its cap but tool-output/output-at-cap, which is exactly at it', () => {
    const within = scenarios.filter(([, s]) => overItsCap(s.given) !== true).map(([id, s]) => [id, scenarioOutputSize(s.given) - s.given.cap.max])
    expect(within).toEqual([['tool-output/output-at-cap', 0]])
  })
  test('an output within its cap is no spill or remedy to judge, with the sizes in the reason', () => {
    const given = { page: { kind: 'flat', siblings: 20, text: 12, seed: 1 }, snapshotter: 'built-in', cap: { unit: 'runes', max: 1_000_000 }, spill: 'granted' } as ToolOutputScenario['given']
    expect(overItsCap(given)).toMatch(/^the page's output \([\d,]+ runes\) fits the cap of 1,000,000: nothing is cut$/)
  })
})
