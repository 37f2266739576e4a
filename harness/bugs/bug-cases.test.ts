import { describe, expect, it } from 'vitest'
import { bugCases } from '#harness/bugs/bug-cases.ts'
import type { BugScenario } from '#harness/bugs/bug-cases.ts'
import type { BugPair } from '#harness/bugs/bug-pairs.ts'
import { findBugPair } from '#harness/bugs/find-bug-pair.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

const scenario = (id: string, port: string, reproduces?: string): BugScenario => ({ id, scenario: { port, title: `title of ${id}`, ...(reproduces ? { reproduces } : {}) } })
const pair: BugPair = { id: 'PLAT-1', title: 't', preFix: 'tool-output/plat-200', reference: 'tool-output/reference', referenceOnly: ['snapshotter/built-in'] }

describe('bugCases', () => {
  it('takes the scenarios whose reproduces: names the bug, in any case, and only those', () => {
    const { cases } = bugCases([scenario('a/one', 'tool-output', 'plat-1'), scenario('a/two', 'tool-output', 'PLAT-12'), scenario('a/three', 'tool-output')], pair)
    expect(cases.map((c) => c.id)).toEqual(['a/one'])
  })

  it('runs the pair port on both systems, another port on its reference alone (after the pairs), and leaves out the rest', () => {
    const { cases, leftOut } = bugCases(
      [scenario('a/depth', 'snapshotter', 'PLAT-1'), scenario('a/spill', 'tool-output', 'PLAT-1'), scenario('a/pages', 'pager', 'PLAT-1')],
      pair,
    )
    expect(cases).toEqual([
      { id: 'a/spill', title: 'title of a/spill', port: 'tool-output', preFix: 'tool-output/plat-200', reference: 'tool-output/reference' },
      { id: 'a/depth', title: 'title of a/depth', port: 'snapshotter', reference: 'snapshotter/built-in' },
    ])
    expect(leftOut).toEqual([{ id: 'a/pages', port: 'pager' }])
  })

  it('reads the port of a system over stdio from its name', () => {
    const agentLog = findBugPair('PLAT-114')!
    expect(bugCases([scenario('b/one', 'agent-log', 'PLAT-114')], agentLog).cases[0]).toMatchObject({ preFix: 'agent-log/plat-114@stdio', reference: 'agent-log/reference@stdio' })
  })

  it('refuses a pair whose systems do not share a port', () => {
    expect(() => bugCases([], { ...pair, reference: 'pager/reference' })).toThrow(/must be bundled systems of one port/)
  })

  it('derives PLAT-200 from the bundled scenarios: 8 tool-output cases on both systems, 2 depth characterizations on the built-in snapshotter', async () => {
    const { cases, leftOut } = bugCases(await loadScenarios(scenarioRoot), findBugPair('PLAT-200')!)
    expect(cases.filter((c) => c.preFix).length).toBe(8)
    expect(cases.filter((c) => !c.preFix).map((c) => [c.id, c.reference])).toEqual([
      ['regressions/plat-200/depth-deep-page', 'snapshotter/built-in'],
      ['regressions/plat-200/depth-flat-500-siblings', 'snapshotter/built-in'],
    ])
    expect(leftOut).toEqual([])
  })
})
