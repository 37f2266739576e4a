import { describe, expect, it } from 'vitest'
import { reproductionPlan } from '#harness/bugs/reproduction-plan.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'

const cases: BugCase[] = [
  { id: 'r/spill', title: '', port: 'tool-output', preFix: 'tool-output/plat-200', reference: 'tool-output/reference' },
  { id: 'r/cap', title: '', port: 'tool-output', preFix: 'tool-output/plat-200', reference: 'tool-output/reference' },
  { id: 'r/depth', title: '', port: 'snapshotter', reference: 'snapshotter/built-in' },
]

/** A session-client case whose verdict depends on time (it exercises recovery/transient-read-retried) and one whose does not. */
const sessionCases: BugCase[] = [
  { id: 'r/hung', title: '', port: 'session-client', preFix: 'session-client/dep-8516', reference: 'session-client/reference', exercises: ['recovery/transient-read-retried'] },
  { id: 'r/cut', title: '', port: 'session-client', preFix: 'session-client/dep-8516', reference: 'session-client/reference', exercises: ['size/view-marker-exact'] },
]

describe('reproductionPlan', () => {
  it('runs each adapter once, on its port, expectations off and every History kept', () => {
    const { plan, suites } = reproductionPlan(cases)
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
    expect(suites).toEqual(['tool-output', 'snapshotter'])
  })

  it('declares a case whose verdict depends on time in the timing-bound suite, and the others in their port’s', () => {
    expect(reproductionPlan(sessionCases).suites).toEqual(['timing-bound', 'session-client'])
  })

  it('selects exactly the cases by their ids, not their neighbours', () => {
    const { plan } = reproductionPlan(cases)
    const all = ['r/spill', 'r/spill-more', 'r/cap', 'r/depth', 'r/depth/deeper'].map((id) => ({ id }))
    expect(selectScenarios(all, plan.scenarios).map((s) => s.id)).toEqual(['r/spill', 'r/cap', 'r/depth'])
  })
})
