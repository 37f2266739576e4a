import { fileURLToPath } from 'node:url'
import { describe, expect, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import type { Adapter } from '#harness/adapters/adapter.ts'
import { breaksOwner, exploreMutant } from '#harness/__test-helpers__/explore-mutants.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { pagerExploreBudget, pagerMutantRows } from '#harness/explore/pager-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the pager port over stdio: every stdio program of fixtures/systems/pager/mutants/stdio/
// that the rule table names (the reference behind one transport fault each) is found breaking the adapter check it was
// built to break; the references over stdio — the TypeScript one and the Python one (examples/python) — survive the same
// budget with nothing found. A fault that any scenario shows shrinks in one step (the explorer's smallest scenario), so
// each program is started only a few times.

const { seed, runs } = pagerExploreBudget
const { stdio } = pagerMutantRows()
const python = fileURLToPath(new URL('../../examples/python/contract_kit_reference.py', import.meta.url))

describe('explore on the pager port, over stdio', () => {
  test('the rule table names every stdio program of the pager', () => {
    expect(stdio.length).toBeGreaterThanOrEqual(15)
  })

  test.for(stdio.map((row) => [row.mutant.replace(/^stdio:fixtures\/systems\/pager\/mutants\//, ''), row] as const))('finds %s', { timeout: 60_000 }, async ([, row]) => {
    const timeoutMs = row.owner === 'adapter:timeout' ? 1_000 : 20_000
    const exploration = await exploreMutant(row, 'pager', { runs, seed, timeoutMs })
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${runs} cases (seed ${seed})`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })

  const references: Array<[string, () => Adapter]> = [
    ['pager/reference@stdio', () => resolveAdapter('pager/reference@stdio')],
    ['the Python pager', () => resolveAdapter(`stdio:python3 ${python}`)],
  ]
  test.for(references)('%s survives the same budget: nothing found', { timeout: 60_000 }, async ([, adapter]) => {
    const exploration = await explorePort({ adapter: adapter(), port: 'pager', runs, seed })
    expect(exploration.found?.outcome.error?.message ?? exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held')).toBeUndefined()
  })
})
