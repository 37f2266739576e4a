import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bugPairs } from '#harness/bugs/bug-pairs.ts'
import { bugCases } from '#harness/bugs/bug-cases.ts'
import { bundledAdapterNames } from '#harness/adapters/index.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

const bugsDoc = readFileSync(new URL('../../docs/bugs.md', import.meta.url), 'utf8')

describe('bugPairs', () => {
  it('names bundled adapters only, ids once each (in any case)', () => {
    const names = bundledAdapterNames()
    for (const pair of bugPairs) for (const name of [pair.preFix, pair.reference, ...(pair.referenceOnly ?? [])]) expect(names, pair.id).toContain(name)
    const ids = bugPairs.map((p) => p.id.toLowerCase())
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('gives each bug its docs/bugs.md section and title', () => {
    const doc = bugsDoc.replace(/`/g, '').replace(/\s+/g, ' ')
    for (const pair of bugPairs) {
      expect(bugsDoc, pair.id).toMatch(new RegExp(`^## ${pair.id}$`, 'mi'))
      expect(doc.toLowerCase(), pair.id).toContain(`*${pair.title.toLowerCase()}*`)
    }
  })

  it('covers every bug a bundled scenario reproduces, and each bug has cases on both its systems', async () => {
    const scenarios = await loadScenarios(scenarioRoot)
    const reproduced = new Set(scenarios.flatMap((s) => (s.scenario.reproduces ? [s.scenario.reproduces.toLowerCase()] : [])))
    expect([...reproduced].sort()).toEqual(bugPairs.map((p) => p.id.toLowerCase()).sort())
    for (const pair of bugPairs) {
      const { cases, leftOut } = bugCases(scenarios, pair)
      expect(cases.filter((c) => c.preFix === pair.preFix).length, pair.id).toBeGreaterThan(0)
      expect(leftOut, pair.id).toEqual([])
    }
  })
})
