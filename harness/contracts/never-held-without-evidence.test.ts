import { describe, expect, test } from 'vitest'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { drivers } from '#harness/drivers/index.ts'
import type { Driver } from '#harness/drivers/driver.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { History } from '#harness/history/history.ts'
import { contractsById, contractsOfPort } from '#harness/contracts/index.ts'
import { held } from '#harness/contracts/contract.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import type { PortName } from '#harness/adapters/adapter.ts'

// `held` is a claim of evidence: a History in which the implementation did nothing — no call answered — gives no
// contract anything to hold on, and a History whose adapter failed has no contract judged at all.

/** The History of a scenario in which nothing was called: its setting, oracle and steps, and no event. */
function emptyHistory(loaded: LoadedScenario): History {
  const driver = drivers[loaded.scenario.port] as Driver<Scenario, unknown>
  const fields = { scenario: loaded.id, adapter: 'nothing', system: null, exercises: loaded.exercises, observes: [], expectations: [], stderr: '' }
  return driver.history(driver.prepare(loaded.scenario), fields, new HistoryRecorder())
}

describe('no contract holds on an empty History', () => {
  test.for(bundledScenarios.map((s) => [s.id, s] as const))('%s: every contract of its port is not-applicable or unknown', ([, loaded]) => {
    const history = emptyHistory(loaded)
    for (const contract of contractsOfPort(loaded.scenario.port as PortName)) {
      expect(['not-applicable', 'unknown'], `${contract.id} on the empty History of ${loaded.id}`).toContain(contract.check(history).verdict)
    }
    const judgement = judgeHistory(history)
    expect(judgement.verdict, loaded.id).not.toBe('held')
    // every exercised contract is left unjudged, so the run is an error, never a pass
    for (const c of judgement.contracts.filter((c) => c.exercised)) expect(c.verdict, `${c.id} on ${loaded.id}`).not.toBe('held')
  })
})

describe('no contract is judged on a History whose adapter failed', () => {
  test.for(bundledScenarios.map((s) => [s.id, s] as const))('%s: every contract unknown, the run error', ([, loaded]) => {
    const judgement = judgeHistory({ ...emptyHistory(loaded), failure: { failure: 'crashed', message: 'the process exited with code 70' } })
    expect(judgement.verdict).toBe('error')
    expect(judgement.reason).toBe('crashed: the process exited with code 70')
    expect(new Set(judgement.contracts.map((c) => c.verdict))).toEqual(new Set(['unknown']))
  })
  test('untestable: every contract unknown, the run untestable, nothing broken', () => {
    const judgement = judgeHistory({ ...emptyHistory(bundledScenarios[0]), failure: { failure: 'untestable', message: 'in process, the kit cannot see stderr' } })
    expect(judgement.verdict).toBe('untestable')
    expect(judgement.contracts.filter((c) => c.verdict !== 'unknown')).toEqual([])
  })
})

describe('held needs its evidence', () => {
  test('held() refuses an empty evidence line or no figures', () => {
    expect(() => held('', { pages: 1 })).toThrow(/needs its evidence/)
    expect(() => held('3 pages measured', {})).toThrow(/needs its evidence/)
    expect(held('3 pages measured', { pages: 3 })).toEqual({ verdict: 'held', evidence: '3 pages measured', figures: { pages: 3 } })
  })
  test('every contract the kit knows says how a scenario exercises it', () => {
    for (const contract of contractsById.values()) expect(typeof contract.exercisedBy, contract.id).toBe('function')
  })
})
