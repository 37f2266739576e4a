import { describe, expect, it } from 'vitest'
import { isTimingBound, suiteOf } from '#harness/timing/timing-bound.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { contractProjects, suiteFileOf } from '#harness/runner/contracts-vitest-options.ts'

describe('timing-bound runs', () => {
  it('the contracts that judge time say so, and no other', () => {
    const timing = [...contractsById.values()].filter((c) => c.timing).map((c) => c.id).sort()
    expect(timing).toEqual(['recovery/deadline-is-timeout', 'recovery/failed-read-keeps-marker', 'recovery/reconnect-backs-off', 'recovery/transient-read-retried'])
  })

  it('a scenario is timing-bound when it exercises one of them: declared in the timing-bound suite, else in its port’s', () => {
    expect(isTimingBound(['size/view-marker-exact', 'recovery/transient-read-retried'])).toBe(true)
    expect(isTimingBound(['size/view-marker-exact'])).toBe(false)
    expect(isTimingBound([])).toBe(false)
    expect(suiteOf('session-client', ['recovery/deadline-is-timeout'])).toBe('timing-bound')
    expect(suiteOf('session-client', ['output/form-exact'])).toBe('session-client')
    const bound = bundledScenarios.filter((s) => isTimingBound(s.exercises))
    expect(bound.map((s) => s.id)).toContain('regressions/dep-8516/read-outlasts-timeout')
    expect(bound.every((s) => s.scenario.port === 'session-client')).toBe(true)
    expect(bundledScenarios.filter((s) => s.scenario.port === 'session-client' && !isTimingBound(s.exercises)).length).toBeGreaterThan(0)
  })

  it('vitest runs the timing-bound suite in a group of its own, after the port suites, in one worker', () => {
    const [ports, timing] = contractProjects({ name: 'c', timingName: 't', testTimeout: 1 })
    expect(ports!.test).toMatchObject({ include: [suiteFileOf('*')], exclude: [suiteFileOf('timing-bound')], maxWorkers: 2, sequence: { groupOrder: 0 } })
    expect(timing!.test).toMatchObject({ include: [suiteFileOf('timing-bound')], maxWorkers: 1, sequence: { groupOrder: 1 } })
  })

  it('beside the others (npm test), a suite split into parts is one project a part, each declaring its share of the runs', () => {
    const projects = contractProjects({ name: 'c', timingName: 't', testTimeout: 1, timing: 'beside', workers: 3, parts: { 'timing-bound': 3, pager: 2 } }).map((p) => p.test)
    expect(projects.map((p) => p.name)).toEqual(['c', 't-1of3', 't-2of3', 't-3of3', 'c-pager-1of2', 'c-pager-2of2'])
    expect(projects[0]).toMatchObject({ include: [suiteFileOf('*')], exclude: [suiteFileOf('timing-bound'), suiteFileOf('pager')] })
    expect(projects[2]).toMatchObject({ include: [suiteFileOf('timing-bound')], env: { CONTRACT_KIT_SUITE_PART: '2/3' } })
    // one group, one worker count: vitest refuses projects of the same group with different counts
    expect(new Set(projects.map((p) => `${p.maxWorkers} ${p.sequence.groupOrder}`))).toEqual(new Set(['3 0']))
    // alone (contract-kit run), nothing is split
    expect(contractProjects({ name: 'c', timingName: 't', testTimeout: 1, parts: { pager: 2 } })).toHaveLength(2)
  })
})
