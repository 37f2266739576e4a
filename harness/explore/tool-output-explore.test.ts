import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { toolOutputMutants } from '#fixtures/systems/tool-output/mutants/index.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { breaksOwner, exploreMutant, mutantsOfPort } from '#harness/__test-helpers__/explore-mutants.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the tool-output port: every mutant (the rule table's, and the bundled ones it does
// not name) is found by the explorer alone — no bundled scenario drawn — breaking the contract it was built to break;
// the reference, in process and over stdio, survives the same budget with nothing found. The explorer leans on the
// edges (caps at, just over and inside characters of the output), so a small budget is enough.

const budget = { runs: 60, seed: 1 }
const rows = mutantsOfPort('tool-output', portOfBundled)
const others = toolOutputMutants.filter((m) => !rows.some((r) => r.mutant === m.name)).map((m) => ({ rule: '-', owner: m.breaks, scenarios: [], edges: [], mutant: m.name, line: 0 }))
const saved = mkdtempSync(join(tmpdir(), 'contract-kit-tool-output-explore-'))
const pool = new ConnectionPool()

afterAll(async () => {
  rmSync(saved, { recursive: true, force: true })
  await pool.closeAll()
  await closeKitSnapshotter()
})

describe('tool-output explore finds every mutant', () => {
  test('the rule table names the tool-output mutants', () => expect(rows.length).toBeGreaterThanOrEqual(20))

  test.for([...rows, ...others].map((row) => [row.mutant, row] as const))('%s', async ([, row]) => {
    const exploration = await exploreMutant(row, 'tool-output', budget)
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${exploration.cases} cases`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })
})

describe('tool-output explore finds nothing in the reference', () => {
  // over stdio each run starts a tool process of its own (its HOME, TMPDIR and XDG folders watched): about half a second a run
  test.for(['tool-output/reference', 'tool-output/reference@stdio'])('%s', { timeout: 120_000 }, async (name) => {
    const exploration = await explorePort({ adapter: resolveAdapter(name), port: 'tool-output', ...budget })
    expect(exploration.found?.scenario, JSON.stringify(exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held'))).toBeUndefined()
    expect(exploration.cases).toBe(budget.runs)
  })
})

describe('a case found in the pre-fix tool (tool-output/plat-200)', () => {
  test('is the same file, byte for byte, for the same seed, and replays from that file as broken with the same witness', async () => {
    const explore = () => explorePort({ adapter: resolveAdapter('tool-output/plat-200'), port: 'tool-output', runs: 200, seed: 1 })
    const [first, second] = [await explore(), await explore()]
    const files = [first, second].map((e) => foundScenarioFile({ ...e, found: e.found! }, saved, shellWord))
    expect(files[1]!.text).toBe(files[0]!.text)
    // written as generated: a seeded page and a cap placed relative to its output, which the schema resolves again
    expect(files[0]!.text).toMatch(/page:\n\s+kind: \w+/)
    expect(files[0]!.text).toMatch(/cap:\n\s+unit: \S+\n\s+(outputBy|wideCharacter|max):/)
    mkdirSync(join(saved, 'tool-output'), { recursive: true })
    writeFileSync(files[0]!.path, files[0]!.text)
    const loaded = (await loadScenarios(saved)).find((s) => s.id === files[0]!.id)!
    const replayed = await replayScenario(loaded, { adapter: resolveAdapter('tool-output/plat-200'), pool, expectations: [], noExpectations: true })
    const witnesses = (contracts: typeof replayed.contracts) => contracts.filter((c) => c.verdict === 'broken').map((c) => [c.id, c.witness])
    expect(replayed.verdict).toBe('broken')
    expect(witnesses(replayed.contracts)).toEqual(witnesses(first.found!.outcome.contracts))
  })
})
