import { afterAll, describe, expect, test } from 'vitest'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { snapshotterMutants } from '#fixtures/systems/snapshotter/mutants/index.ts'
import { findChromium } from '#harness/snapshot/find-chromium.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { breaksOwner, exploreMutant, mutantsOfPort } from '#harness/__test-helpers__/explore-mutants.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the snapshotter port: every mutant (the rule table's, and long-names-by-code-points,
// which needs names around Playwright's 900-unit limit) is found by the explorer alone; the built-in snapshotter
// survives the budget with nothing found, and real Chromium a small one (it shares the process's one browser).

const budget = { runs: 40, seed: 1 }
const rows = mutantsOfPort('snapshotter', portOfBundled)
const others = snapshotterMutants.filter((m) => !rows.some((r) => r.mutant === m.name)).map((m) => ({ rule: '-', owner: m.breaks, scenarios: [], edges: [], mutant: m.name, line: 0 }))
const chromium = 'path' in findChromium()

afterAll(() => closeKitSnapshotter())

describe('snapshotter explore finds every mutant', () => {
  test('the rule table names the snapshotter mutants', () => expect(rows.length).toBeGreaterThanOrEqual(8))

  test.for([...rows, ...others].map((row) => [row.mutant, row] as const))('%s', async ([, row]) => {
    const exploration = await exploreMutant(row, 'snapshotter', budget)
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${exploration.cases} cases`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })

  test('a found case is the same file, byte for byte, for the same seed', async () => {
    const row = others.find((r) => r.mutant.endsWith('/long-names-by-code-points'))!
    const [first, second] = [await exploreMutant(row, 'snapshotter', budget), await exploreMutant(row, 'snapshotter', budget)]
    const [a, b] = [first, second].map((e) => foundScenarioFile({ ...e, found: e.found! }, '/tmp/contract-kit-not-written', shellWord).text)
    expect(b).toBe(a)
    expect(a).toMatch(/text: (8[89]\d|9[01]\d)|min: (8[89]\d|9[01]\d)/)
  })
})

describe('snapshotter explore finds nothing in the references', () => {
  test('snapshotter/built-in', async () => {
    const exploration = await explorePort({ adapter: resolveAdapter('snapshotter/built-in'), port: 'snapshotter', runs: 100, seed: 1 })
    expect(exploration.found?.scenario, JSON.stringify(exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held'))).toBeUndefined()
    expect(exploration.cases).toBe(100)
  })

  test.skipIf(!chromium)('snapshotter/chromium (a small budget: one browser, a page load per case)', { timeout: 60_000 }, async () => {
    const exploration = await explorePort({ adapter: resolveAdapter('snapshotter/chromium'), port: 'snapshotter', runs: 12, seed: 1 })
    expect(exploration.found?.scenario, JSON.stringify(exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held'))).toBeUndefined()
    expect(exploration.cases).toBe(12)
  })
})
