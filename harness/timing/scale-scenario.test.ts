import { describe, expect, it } from 'vitest'
import { scaleScenario } from '#harness/timing/scale-scenario.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'
import type { WatchFault } from '#harness/servers/session-server/session-script.ts'

/** The GOAWAY fault a path such as `given.faults.2.graceMs` is in. */
const fault = (scenario: Scenario, path: string) => (scenario.given as { faults: WatchFault[] }).faults[Number(path.split('.')[2])] as Extract<WatchFault, { kind: 'goaway' }>

const byId = (id: string) => bundledScenarios.find((s) => s.id === id)!.scenario

/** Every number in a value, by its path (`given.faults.0.ms`). */
function numbers(value: unknown, path = ''): Map<string, number> {
  const found = new Map<string, number>()
  if (typeof value === 'number') found.set(path, value)
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) for (const [p, n] of numbers(v, path ? `${path}.${k}` : k)) found.set(p, n)
  return found
}

/** The paths whose numbers differ between two values. */
function changed(a: unknown, b: unknown): string[] {
  const before = numbers(a)
  const after = numbers(b)
  return [...new Set([...before.keys(), ...after.keys()])].filter((p) => before.get(p) !== after.get(p)).sort()
}

describe('scaleScenario', () => {
  it('scale 1 is the scenario itself', () => {
    const s = byId('regressions/dep-8516/read-outlasts-timeout')
    expect(scaleScenario(s, 1)).toBe(s)
  })

  it('a session client’s deadline and try limit are multiplied, and nothing else of a scenario without faults', () => {
    const s = byId('regressions/dep-8516/read-outlasts-timeout') as Extract<Scenario, { port: 'session-client' }>
    const scaled = scaleScenario(s, 4)
    expect(scaled.given.timeoutMs).toBe(s.given.timeoutMs * 4)
    expect(scaled.given.tryTimeoutMs).toBe(s.given.tryTimeoutMs * 4)
    expect(changed(s, scaled)).toEqual(['given.timeoutMs', 'given.tryTimeoutMs'])
  })

  it('a delay and a GOAWAY’s grace (its default too) are multiplied; a GOAWAY that resets its stream has no grace to scale', () => {
    const base = byId('regressions/dep-8516/read-outlasts-timeout') as Extract<Scenario, { port: 'session-client' }>
    const faults = [
      { watch: 1, atFrame: 1, kind: 'delay', ms: 150 },
      { watch: 1, atFrame: 2, kind: 'goaway', code: 'NO_ERROR', then: 'close' },
      { watch: 2, atFrame: 0, kind: 'goaway', code: 'NO_ERROR', then: 'close', graceMs: 30 },
      { watch: 3, atFrame: 0, kind: 'goaway', code: 'NO_ERROR' },
      { watch: 4, atByte: 10, kind: 'drop' },
    ]
    const s = { ...base, given: { ...base.given, faults } } as typeof base
    const scaled = scaleScenario(s, 2).given.faults as Array<Record<string, unknown>>
    expect(scaled[0]).toEqual({ ...faults[0], ms: 300 })
    expect(scaled[1]).toEqual({ ...faults[1], graceMs: 200 })
    expect(scaled[2]).toEqual({ ...faults[2], graceMs: 60 })
    expect(scaled[3]).toEqual(faults[3])
    expect(scaled[4]).toEqual(faults[4])
  })

  it('a pager call’s timeout is multiplied, when the scenario gives one', () => {
    const s = bundledScenarios.find((x) => x.scenario.port === 'pager')!.scenario as Extract<Scenario, { port: 'pager' }>
    const timed = { ...s, given: { ...s.given, timeoutMs: 250 } }
    expect(scaleScenario(timed, 2).given.timeoutMs).toBe(500)
    expect(changed(s, scaleScenario(s, 2))).toEqual([])
  })

  it('of every bundled scenario, only the durations change, at 2 and at 4 (sizes, counts and everything else as written)', () => {
    const durations = /^given\.(timeoutMs|tryTimeoutMs|faults\.\d+\.(ms|graceMs))$/
    for (const { id, scenario } of bundledScenarios) {
      for (const scale of [2, 4]) {
        const scaled = scaleScenario(scenario, scale)
        const moved = changed(scenario, scaled)
        expect(moved.filter((p) => !durations.test(p)), id).toEqual([])
        // a grace the scenario leaves to its default is written out, scaled
        const written = (p: string) => numbers(scenario).get(p) ?? goawayEnding(fault(scenario, p)).graceMs
        for (const p of moved) expect(numbers(scaled).get(p), `${id}: ${p}`).toBe(Math.ceil(written(p) * scale))
      }
    }
  })
})
