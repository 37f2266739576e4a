import { beforeAll, describe, expect, it } from 'vitest'
import { capabilityNames, requiredCapabilities } from '#harness/profiles/capabilities.ts'
import { missingCapabilities, planScenarios } from '#harness/runner/plan-scenarios.ts'
import type { PlanAdapter } from '#harness/runner/run-plan.ts'
import { loadScenarios, type LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

const restart = 'regressions/plat-114/restart-reads-rows-back'
const goaway = 'regressions/dep-8516/goaway-at-frame'
const rst = 'regressions/dep-8516/rst-stream'
const pagerCase = 'regressions/analysis-result-budget/default-read'

let scenarios: LoadedScenario[]
beforeAll(async () => {
  scenarios = await loadScenarios(scenarioRoot)
})

const byId = (id: string): LoadedScenario => {
  const found = scenarios.find((s) => s.id === id)
  if (!found) throw new Error(`no scenario ${id}`)
  return found
}
const ids = (list: readonly LoadedScenario[]) => list.map((s) => s.id)
const ofPort = (port: string) => ids(scenarios.filter((s) => s.scenario.port === port))

describe('requiredCapabilities', () => {
  it('a kill/restart agent-log scenario needs process-restart', () => {
    expect(requiredCapabilities(byId(restart).scenario)).toEqual(['process-restart'])
  })

  it('a session-client scenario with a GOAWAY or RST_STREAM fault needs http2', () => {
    expect(requiredCapabilities(byId(goaway).scenario)).toEqual(['http2'])
    expect(requiredCapabilities(byId(rst).scenario)).toEqual(['http2'])
  })

  it('a pager scenario, an agent-log one without a restart and a session-client one without HTTP/2 faults need none', () => {
    expect(requiredCapabilities(byId(pagerCase).scenario)).toEqual([])
    expect(requiredCapabilities(byId('regressions/plat-114/start-then-completion-one-row').scenario)).toEqual([])
    expect(requiredCapabilities(byId('regressions/dep-8516/older-server').scenario)).toEqual([])
  })

  it('every capability is needed by some bundled scenario', () => {
    expect(new Set(scenarios.flatMap((s) => requiredCapabilities(s.scenario)))).toEqual(new Set(capabilityNames))
  })
})

describe('missingCapabilities', () => {
  it('lists what a scenario needs and the adapter lacks', () => {
    expect(missingCapabilities({ name: 'a', capabilities: [] }, byId(restart))).toEqual(['process-restart'])
    expect(missingCapabilities({ name: 'a', capabilities: ['http2'] }, byId(restart))).toEqual(['process-restart'])
    expect(missingCapabilities({ name: 'a', capabilities: ['process-restart'] }, byId(goaway))).toEqual(['http2'])
  })

  it('lists nothing when the adapter has it, the scenario needs none, or the capabilities are not known', () => {
    expect(missingCapabilities({ name: 'a', capabilities: ['process-restart'] }, byId(restart))).toEqual([])
    expect(missingCapabilities({ name: 'a', capabilities: [] }, byId(pagerCase))).toEqual([])
    expect(missingCapabilities({ name: 'a' }, byId(restart))).toEqual([])
  })
})

describe('planScenarios', () => {
  it('with nothing known about the adapter, runs every scenario', () => {
    expect(ids(planScenarios({ name: 'a' }, scenarios))).toEqual(ids(scenarios))
  })

  it('keeps only the scenarios of its ports', () => {
    const planned = planScenarios({ name: 'a', ports: ['pager', 'agent-log'] }, scenarios)
    expect(ids(planned)).toEqual(ids(scenarios.filter((s) => s.scenario.port === 'pager' || s.scenario.port === 'agent-log')))
    expect(ids(planned)).toContain(pagerCase)
    expect(ids(planned)).toContain(restart)
    expect(ids(planned)).not.toContain(goaway)
  })

  it('keeps only its own patterns, when it has some', () => {
    const adapter: PlanAdapter = { name: 'a', scenarios: ['regressions/plat-114/*', pagerCase] }
    expect(ids(planScenarios(adapter, scenarios))).toEqual([pagerCase, ...ofPort('agent-log').filter((id) => id.startsWith('regressions/plat-114/'))])
    expect(ids(planScenarios({ name: 'a', scenarios: [] }, scenarios))).toEqual(ids(scenarios))
  })

  it('drops the scenarios needing a capability it lacks', () => {
    const planned = ids(planScenarios({ name: 'a', ports: ['agent-log', 'session-client'], capabilities: [] }, scenarios))
    expect(planned).not.toContain(restart)
    expect(planned).not.toContain(goaway)
    expect(planned).not.toContain(rst)
    expect(planned).toContain('regressions/dep-8516/older-server')
    expect(planned).toEqual([...ofPort('session-client'), ...ofPort('agent-log')].filter((id) => requiredCapabilities(byId(id).scenario).length === 0).sort())
  })

  it('keeps the scenarios of the capabilities it has', () => {
    const planned = ids(planScenarios({ name: 'a', ports: ['agent-log', 'session-client'], capabilities: ['process-restart'] }, scenarios))
    expect(planned).toContain(restart)
    expect(planned).not.toContain(goaway)
  })

  it('combines ports, patterns and capabilities', () => {
    const adapter: PlanAdapter = { name: 'a', ports: ['agent-log'], scenarios: ['regressions/plat-114/*', 'regressions/dep-8516/*'], capabilities: ['http2'] }
    const crash = 'regressions/plat-114/crash-leaves-running-row'
    expect(ids(planScenarios(adapter, scenarios))).toEqual(ofPort('agent-log').filter((id) => id.startsWith('regressions/plat-114/') && id !== restart && id !== crash))
  })
})
