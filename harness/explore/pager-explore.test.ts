import { describe, expect, test } from 'vitest'
import { pagerMutants } from '#fixtures/systems/pager/mutants/index.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { breaksOwner, exploreMutant } from '#harness/__test-helpers__/explore-mutants.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import type { Exploration, FoundCase } from '#harness/explore/explore-port.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { pagerExploreBudget, pagerMutantRows } from '#harness/explore/pager-explore-budget.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the pager port, in process (the stdio programs: pager-explore-stdio.test.ts): for
// every pager mutant of the rule table, explore — the bundled scenarios out of the picture: the explorer generates its
// own — finds a case that breaks the owner the mutant was built to break; pager/reference survives the same budget
// with nothing found; and the same seed gives the same found file, byte for byte.

const { seed, runs } = pagerExploreBudget
const { inProcess: named } = pagerMutantRows()
// every in-process pager mutant the kit ships: the rule table's, then those it does not name (rows of their own, rule `-`)
const inProcess = [...named, ...pagerMutants.filter((m) => !named.some((r) => r.mutant === m.name)).map((m) => ({ rule: '-', owner: m.breaks, scenarios: [], edges: [], mutant: m.name, line: 0 }))]
const name = (mutant: string) => mutant.replace(/^pager\/mutants\//, '')

describe('explore on the pager port, in process', () => {
  test('every in-process pager mutant is explored: the rule table names most of them', () => {
    expect(inProcess.length).toBeGreaterThanOrEqual(30)
    expect(inProcess.map((r) => r.mutant).sort()).toEqual(pagerMutants.map((m) => m.name).sort())
  })

  test.for(inProcess.map((row) => [name(row.mutant), row] as const))('finds %s', { timeout: 30_000 }, async ([, row]) => {
    const exploration = await exploreMutant(row, 'pager', { runs, seed })
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${runs} cases (seed ${seed})`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
    expect(scenarioSchema.safeParse({ title: 'found', ...exploration.found!.scenario }).success).toBe(true)
  })

  test('pager/reference survives the same budget: nothing found', { timeout: 30_000 }, async () => {
    const exploration = await explorePort({ adapter: resolveAdapter('pager/reference'), port: 'pager', runs, seed })
    expect(exploration.found?.outcome.error?.message ?? exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held')).toBeUndefined()
    expect(exploration.interrupted).toBe(false)
  })

  test('the pre-fix pager is found, and the same seed writes the same found file, byte for byte', { timeout: 30_000 }, async () => {
    const explore = () => explorePort({ adapter: resolveAdapter('pager/analysis-result-budget'), port: 'pager', runs, seed })
    const [first, second] = [await explore(), await explore()]
    expect(first.found).toBeDefined()
    const file = (e: Exploration) => foundScenarioFile(e as Exploration & { found: FoundCase }, '/tmp/contract-kit-found', (w) => w)
    expect(file(second).text).toBe(file(first).text)
    expect(file(first).path).toBe(file(second).path)
    expect(file(first).text).toMatch(/^title: "Found by explore on pager\/analysis-result-budget \(seed \d+\): /m)
  })
})
