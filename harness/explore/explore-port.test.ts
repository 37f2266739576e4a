import { afterAll, describe, expect, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'

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
