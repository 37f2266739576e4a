import { describe, expect, test } from 'vitest'
import { breaksOwner, exploreMutant } from '#harness/__test-helpers__/explore-mutants.ts'
import { pagerExploreBudget, pagerMutantRows, pagerStdioRows } from '#harness/explore/pager-explore-budget.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the pager port over stdio: every stdio program of fixtures/systems/pager/mutants/stdio/
// that the rule table names (the reference behind one transport fault each) is found breaking the adapter check it was
// built to break. Each is a real process speaking the stdio protocol (the faults are in its bytes on stdout, its exit,
// its silence), started again after every case it fails, since its connection is then unusable. A fault that any
// scenario shows shrinks in one step (the explorer's smallest scenario), so each program is started only a few times.
// This file holds the protocol faults; pager-explore-stdio-faults.test.ts the others (handshake, crash, timeout,
// implementation error), and pager-explore-stdio-references.test.ts and …-python.test.ts the references over stdio,
// which survive the same budget with nothing found. One at a time: each start of a program runs the reference through
// tsx (a second of CPU), and side by side they would crowd a start past its handshake's deadline.

const { seed, runs } = pagerExploreBudget
const name = (mutant: string) => mutant.replace(/^stdio:fixtures\/systems\/pager\/mutants\//, '')

describe('explore on the pager port, over stdio', () => {
  test('the rule table names every stdio program of the pager, each explored in one file', () => {
    const { stdio } = pagerMutantRows()
    expect(stdio.length).toBeGreaterThanOrEqual(15)
    expect([...pagerStdioRows('protocol'), ...pagerStdioRows('faults')].map((r) => r.mutant).sort()).toEqual(stdio.map((r) => r.mutant).sort())
  })

  test.for(pagerStdioRows('protocol').map((row) => [name(row.mutant), row] as const))('finds %s', { timeout: 60_000 }, async ([, row]) => {
    const exploration = await exploreMutant(row, 'pager', { runs, seed, timeoutMs: 20_000 })
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${runs} cases (seed ${seed})`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })
})
