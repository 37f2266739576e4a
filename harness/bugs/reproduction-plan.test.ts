import { describe, expect, it } from 'vitest'
import { reproductionPlan } from '#harness/bugs/reproduction-plan.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'

const cases: BugCase[] = [
  { id: 'r/spill', title: '', port: 'tool-output', preFix: 'tool-output/plat-200', reference: 'tool-output/reference' },
  { id: 'r/cap', title: '', port: 'tool-output', preFix: 'tool-output/plat-200', reference: 'tool-output/reference' },
  { id: 'r/depth', title: '', port: 'snapshotter', reference: 'snapshotter/built-in' },
]

describe('reproductionPlan', () => {
  it('runs each adapter once, on its port, expectations off and every History kept', () => {
    const { plan, ports } = reproductionPlan(cases)
    expect(plan).toEqual({
      adapters: [
        { name: 'tool-output/plat-200', ports: ['tool-output'] },
        { name: 'tool-output/reference', ports: ['tool-output'] },
        { name: 'snapshotter/built-in', ports: ['snapshotter'] },
      ],
      scenarios: ['r/spill', 'r/cap', 'r/depth'],
      noExpectations: true,
      keepHistories: true,
    })
    expect(ports).toEqual(['tool-output', 'snapshotter'])
  })

  it('selects exactly the cases by their ids, not their neighbours', () => {
    const { plan } = reproductionPlan(cases)
    const all = ['r/spill', 'r/spill-more', 'r/cap', 'r/depth', 'r/depth/deeper'].map((id) => ({ id }))
    expect(selectScenarios(all, plan.scenarios).map((s) => s.id)).toEqual(['r/spill', 'r/cap', 'r/depth'])
  })
})
