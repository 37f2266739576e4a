import { afterAll, describe, expect, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'

await loadShippedSystems() // the bundled systems these tests name
afterAll(() => closeKitSnapshotter())

// explorePort's `from`: a budget's cases run in parts (test files of their own) are the same cases, each where an
// exploration from the first case has it; a case found in a part is numbered as in the whole.

describe('explorePort from a later case of the seed', () => {
  test('runs the cases an exploration from the first runs there, and numbers a found one as it would', async () => {
    const adapter = resolveAdapter('tool-output/reference')
    const seed = 7
    // every case fails: the first run, not shrunk, is the case an exploration found there
    const caseAt = async (from: number) => (await explorePort({ adapter, port: 'tool-output', runs: 1, seed, from, shrink: false, failsWhen: () => true })).found!
    let run = 0
    const whole = await explorePort({ adapter, port: 'tool-output', runs: 4, seed, shrink: false, failsWhen: () => ++run === 4 })
    expect(whole.found?.at).toBe(4)
    const [first, fourth] = [await caseAt(0), await caseAt(3)]
    expect(fourth.scenario).toEqual(whole.found!.scenario)
    expect(fourth.at).toBe(4)
    expect(first.at).toBe(1)
    expect(first.scenario).not.toEqual(fourth.scenario)
    const parts = [await explorePort({ adapter, port: 'tool-output', runs: 2, seed }), await explorePort({ adapter, port: 'tool-output', runs: 2, seed, from: 2 })]
    expect(parts.map((p) => [p.cases, p.found])).toEqual([[2, undefined], [2, undefined]])
  })
})

describe('a found case is saved only if it fails alone', () => {
  // issue 24: explore saved a shrunk case that was held when replayed, because its failure needed the cases run before
  // it in the same process (a cache kept from one setup to the next). The shrunk case is replayed on a connection of
  // its own; only a case that fails there is one a scenario file reproduces.
  /** The reference pager, except that from its third setup on in one instance it answers every read with no items. */
  const forgetsAfterTwoSetups = createInProcessAdapter({
    name: 'pager/forgets-after-two-setups',
    create: () => {
      const pager = createReferencePager()
      let setups = 0
      return {
        name: 'pager/forgets-after-two-setups',
        ports: {
          pager: {
            setup: async (request) => void (setups++, await pager.setup(request)),
            read: async (request) => (setups > 2 ? { ok: true as const, page: { items: [], cursor: null } } : pager.read(request)),
          },
        },
      }
    },
  })

  test('a failure that needs the cases before it holds alone: found, not reproducible alone, its outcome the one among them', async () => {
    const exploration = await explorePort({ adapter: forgetsAfterTwoSetups, port: 'pager', runs: 20, seed: 1 })
    expect(exploration.found).toMatchObject({ reproducesAlone: false })
    expect(exploration.found!.at, 'the first case runs on a fresh instance: it holds').toBeGreaterThan(1)
    expect(exploration.found!.outcome.verdict).toBe('broken')
  })

  test('a failure of the case itself reproduces alone: its outcome is the run alone', async () => {
    const exploration = await explorePort({ adapter: resolveAdapter('pager/analysis-result-budget'), port: 'pager', runs: 20, seed: 1 })
    expect(exploration.found).toMatchObject({ reproducesAlone: true })
    expect(exploration.found!.outcome.verdict).toBe('broken')
  })
})
