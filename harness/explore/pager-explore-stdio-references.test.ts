import { describe, expect, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { pagerExploreBudget } from '#harness/explore/pager-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// The other way of pager-explore-stdio.test.ts: the TypeScript reference over stdio survives the budget that finds
// every stdio program, with nothing found — one process for its 100 cases, whose pages (up to megabytes) cross a real
// pipe as the protocol's lines, as any implementation's do. The Python pager (examples/python) survives the same cases
// in pager-explore-stdio-python.test.ts, on the other worker.

const { seed, runs } = pagerExploreBudget

describe('explore on the pager port, over stdio', () => {
  test('pager/reference@stdio survives the same budget: nothing found', { timeout: 60_000 }, async () => {
    const exploration = await explorePort({ adapter: resolveAdapter('pager/reference@stdio'), port: 'pager', runs, seed })
    expect(exploration.found?.outcome.error?.message ?? exploration.found?.outcome.contracts.filter((c) => c.verdict !== 'held')).toBeUndefined()
  })
})
