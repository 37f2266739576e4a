import { describe, expect, test } from 'vitest'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { pagerExploreBudget } from '#harness/explore/pager-explore-budget.ts'
import { pagerScenarioOf, pagesNeeded } from '#harness/explore/pager-scenario-of.ts'
import type { CeilingSpecDraw } from '#harness/explore/pager-ceiling-specs.ts'
import { resolveCeilings } from '#harness/drivers/pager/resolve-ceilings.ts'
import { collectionNames, deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { loadAnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import type { AnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import { createPager } from '#fixtures/systems/pager/create-pager.ts'
import type { PagerBehaviour } from '#fixtures/systems/pager/create-pager.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import { pageItemCost } from '#fixtures/systems/pager/page-item-cost.ts'
import { measureNames } from '#harness/measures/measure-name.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import { textOf } from '#harness/measures/text-of.ts'
import type { Page, PagerPort } from '#harness/ports/pager-port.ts'

// The pager explorer's reach beyond the rule table's mutants: ceilings placed exactly on a page as a correct pager
// returns it, bounded walks as tight as a correct pager allows, and faults that only such scenarios show — a ceiling
// compared with `<`, a limit default other than 100, one measure counted a unit short — found within the explore
// tests' budget.

const fixture: AnalysisRunFixture = { 'analysis-run': { seed: 5, preludes: 1, turns: 6, exchanges: 6, toolCalls: 8 } }
const records = loadAnalysisRunFixture(fixture).records
const oracles = new Map(collectionNames.map((c) => [c, { collection: c, ...deriveCollection(records, c)! }]))

/** The ceilings a use of `fixture` with these draws resolves to. */
function ceilingsOf(draws: CeilingSpecDraw[]) {
  const scenario = pagerScenarioOf({ fixture, use: { focus: 'capability-calls', ceilings: draws, steps: [{ kind: 'walk', collection: 'focus', limit: undefined, cursor: undefined, spare: undefined }] } })
  return resolveCeilings(scenario.given.ceilings, oracles)
}

async function firstPage(pager: PagerPort, ceilings: ReturnType<typeof ceilingsOf>): Promise<Page> {
  await pager.setup({ records, ceilings })
  const result = await pager.read({ collection: 'capability-calls', cursor: null })
  if (!result.ok) throw new Error(`refused: ${result.error.code}`)
  return result.page
}

const exact = (measure: MeasureName, c: number): CeilingSpecDraw => ({ measure, collection: 'focus', place: 'first', a: 500, b: 0, c, offset: 'exact' })

describe('exact ceilings', () => {
  test('at every ceiling, the reference returns the first page measuring exactly each of them', async () => {
    const ceilings = ceilingsOf(measureNames.map((m) => exact(m, 1000)))
    const page = await firstPage(createReferencePager(), ceilings)
    expect(page.items.length).toBe(4) // 1 + floor(500 × min(items, 8) / 1001)
    for (const c of ceilings) expect(measure(c.measure, page)).toBe(c.max)
  })

  test('one unit below it in one measure, the reference returns one item fewer', async () => {
    for (const over of measureNames) {
      const ceilings = ceilingsOf(measureNames.map((m) => exact(m, m === over ? -1000 : 1000)))
      expect((await firstPage(createReferencePager(), ceilings)).items.length, over).toBe(3)
    }
  })
})

describe('pagesNeeded', () => {
  const items = oracles.get('capability-calls')!.items
  test('every page full to the limit when no ceiling is near: ceil(items / limit) reads', () => {
    expect(pagesNeeded(items, 3, [{ measure: 'json-bytes', max: 1_000_000 }])).toBe(Math.ceil(items.length / 3))
    expect(pagesNeeded([], 3, [{ measure: 'json-bytes', max: 1_000 }])).toBe(1)
  })
  test('unknown when a ceiling is near a page of the limit', () => {
    const max = Math.max(...items.map((item) => measure('json-bytes', { items: [item], cursor: null }))) + 100
    expect(pagesNeeded(items, 1, [{ measure: 'json-bytes', max }])).toBeUndefined()
  })
})

/** UTF-8 bytes by a loop without the 4-byte case: an astral character counts 3. */
function utf8WithoutFourBytes(value: unknown): number {
  let bytes = 0
  for (const ch of textOf(value)) bytes += ch.codePointAt(0)! < 0x80 ? 1 : ch.codePointAt(0)! < 0x800 ? 2 : 3
  return bytes
}

const faults: Array<[string, () => PagerPort]> = [
  [
    'compares ceilings with <',
    () => {
      const inner = createPager()
      return { setup: (r) => inner.setup({ ...r, ceilings: r.ceilings.map((c) => ({ ...c, max: c.max - 1 })) }), read: (r) => inner.read(r) }
    },
  ],
  [
    'reads 50 items without a limit',
    () => {
      const inner = createPager()
      return { setup: (r) => inner.setup(r), read: (r) => inner.read(r.limit === undefined ? { ...r, limit: 50 } : r) }
    },
  ],
  [
    'counts an astral character as 3 UTF-8 bytes',
    () => {
      const wrong = (name: MeasureName) => name === 'utf8-bytes'
      const measuring: PagerBehaviour['measuring'] = {
        page: (name, value) => (wrong(name) ? utf8WithoutFourBytes(value) : measure(name, value)),
        item: (name, item) => (wrong(name) ? utf8WithoutFourBytes(item) : pageItemCost(name, item)),
      }
      return createPager({ measuring })
    },
  ],
]

describe('explore finds faults only exact pages, the default limit or one measure show', () => {
  test.for(faults)('a pager that %s', { timeout: 30_000 }, async ([name, create]) => {
    const adapter = createInProcessAdapter({ name: `reach/${name}`, create: () => ({ name: `reach/${name}`, ports: { pager: create() } }) })
    const exploration = await explorePort({ adapter, port: 'pager', ...pagerExploreBudget, shrink: false })
    expect(exploration.found, `nothing found in ${pagerExploreBudget.runs} cases`).toBeDefined()
    expect(exploration.found!.outcome.contracts.some((c) => c.verdict === 'broken')).toBe(true)
  })
})
