import { describe, expect, test } from 'vitest'
import { breaksOwner, exploreMutant } from '#harness/__test-helpers__/explore-mutants.ts'
import { pagerExploreBudget, pagerStdioRows } from '#harness/explore/pager-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// pager-explore-stdio.test.ts's proof for the stdio programs of the pager built to break something other than the
// protocol — the handshake, a crash (a line past 64 KiB, an exit), a timeout, an implementation error: each a real
// process (the fault is in how it starts, answers or ends), found breaking the adapter check it was built to break.

const { seed, runs } = pagerExploreBudget
const name = (mutant: string) => mutant.replace(/^stdio:fixtures\/systems\/pager\/mutants\//, '')

describe('explore on the pager port, over stdio', () => {
  test.for(pagerStdioRows('faults').map((row) => [name(row.mutant), row] as const))('finds %s', { timeout: 60_000 }, async ([, row]) => {
    const timeoutMs = row.owner === 'adapter:timeout' ? 1_000 : 20_000
    const exploration = await exploreMutant(row, 'pager', { runs, seed, timeoutMs })
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${runs} cases (seed ${seed})`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })
})
