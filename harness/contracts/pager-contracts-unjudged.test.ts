import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordBundledScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import { silentSystems } from '#fixtures/systems/silent/silent-systems.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import type { ScenarioOf } from '#harness/contracts/contract.ts'
import { pagerDriver } from '#harness/drivers/pager/pager-driver.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { Ceiling, PagerPort, RunRecord } from '#harness/ports/pager-port.ts'
import { replayPagerCase } from '#harness/arbitraries/replay-pager-case.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { checkPageFitsCeilings } from '#harness/contracts/page-fits-ceilings.ts'
import { checkLimitIsUpperBound } from '#harness/contracts/limit-is-upper-bound.ts'
import { checkLargestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { checkOversizedItemFailsCleanly, oversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { checkFirstPageReachable } from '#harness/contracts/first-page-reachable.ts'
import { checkCursorExactlyOnce, cursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'

// The pager contracts where they must not say held: a scenario that gives a contract nothing to judge (not-applicable,
// with the reason) and a History missing the evidence (unknown) — an empty page, a walk stopped short, nothing answered.

const pagerScenarios = bundledScenarios.filter((s) => s.scenario.port === 'pager')

/** A bundled pager scenario by the last part of its id. */
const scenarioNamed = (name: string) => pagerScenarios.find((s) => s.id.endsWith(`/${name}`))!.scenario as ScenarioOf<'pager'>

/** A run of one exchange (with a non-ASCII message), and ceilings it fits with room to spare. */
const tinyRun: RunRecord[] = [
  { seq: 1, record_type: 'capability-input', call_id: 'c1', payload: { name: 'llm-request', args: { model: 'm', messages: [{ role: 'user', content: 'héllo' }] } } },
  { seq: 2, record_type: 'capability-output', call_id: 'c1', payload: { name: 'llm-request', result: { message: { role: 'assistant', content: 'hi' } } } },
]
const roomy: Ceiling[] = [
  { measure: 'json-bytes', max: 1_000_000 },
  { measure: 'retained-bytes', max: 1_000_000 },
]
const silentEmptyPager = (): PagerPort => silentSystems['pager/silent/empty']().ports.pager!

describe('nothing to judge: not-applicable, with the reason', () => {
  test('a scenario without a walk gives recovery/cursor-exactly-once nothing to judge', async () => {
    const history = await recordBundledScenario('default-read', createReferencePager)
    expect(checkCursorExactlyOnce(history)).toEqual({ verdict: 'not-applicable', reason: 'no walk with a valid limit: no cursors to follow' })
    expect(cursorExactlyOnce.exercisedBy(scenarioNamed('default-read'))).toBe('no walk with a valid limit: no cursors to follow')
  })
  test('a run whose every item fits a page alone gives size/oversized-item-fails-cleanly nothing to refuse', async () => {
    const history = await recordBundledScenario('forty-exchanges', createReferencePager)
    expect(checkOversizedItemFailsCleanly(history)).toMatchObject({ verdict: 'not-applicable', reason: expect.stringMatching(/no item of model-exchanges is known to be too large/) })
    expect(oversizedItemFailsCleanly.exercisedBy(scenarioNamed('forty-exchanges'))).toMatch(/no ceiling is at or below the largest item/)
    expect(oversizedItemFailsCleanly.exercisedBy(scenarioNamed('oversized-exchange'))).toBe(true)
  })
  test('reads that only ask for invalid limits give no page to measure, judge or reach', async () => {
    const history = await replayPagerCase(createReferencePager, { records: tinyRun, ceilings: roomy, steps: [{ read: { collection: 'model-exchanges', limit: 0 } }] })
    expect(history.exercises).toEqual(['size/limit-is-upper-bound'])
    for (const check of [checkPageFitsCeilings, checkLargestFittingPrefix, checkFirstPageReachable, checkCursorExactlyOnce]) expect(check(history).verdict).toBe('not-applicable')
    expect(checkLimitIsUpperBound(history)).toMatchObject({ verdict: 'held', evidence: '1 invalid limit (0) answered invalid_limit' })
  })
  test('an empty collection has no first page to reach; its walk, ended by an empty page with cursor null, holds', async () => {
    const history = await replayPagerCase(createReferencePager, { records: [], ceilings: roomy, steps: [{ walk: { collection: 'model-exchanges', limit: 10 } }] })
    expect(checkFirstPageReachable(history)).toEqual({ verdict: 'not-applicable', reason: 'no first page to reach: model-exchanges holds no items' })
    expect(checkCursorExactlyOnce(history)).toMatchObject({ verdict: 'held', evidence: '1 walk followed to the end, every item once and in order: model-exchanges (no items) ended by its first page, empty with cursor null' })
    expect(checkPageFitsCeilings(history)).toMatchObject({ verdict: 'unknown' })
    expect(judgeHistory(history).verdict).toBe('error')
  })
})

describe('evidence missing: unknown, never held', () => {
  test('a pager that answers every read with an empty page: no page measured, and the run is not held', async () => {
    const history = await recordBundledScenario('every-page-fits-both-ceilings', silentEmptyPager)
    expect(checkPageFitsCeilings(history)).toMatchObject({ verdict: 'unknown', reason: expect.stringMatching(/^no read returned a page holding items to measure \(4 reads: 4 empty pages\)$/) })
    expect(checkLimitIsUpperBound(history)).toMatchObject({ verdict: 'unknown' })
    expect(checkLargestFittingPrefix(history)).toMatchObject({ verdict: 'unknown' })
    const judgement = judgeHistory(history)
    expect(judgement.verdict).toBe('broken')
    expect(judgement.contracts.filter((c) => c.verdict === 'held')).toEqual([])
  })
  test('a walk that stops before the item too large alone leaves its refusal unjudged', async () => {
    const history = await recordBundledScenario('oversized-exchange', createReferencePager)
    const refusal = history.events.find((e) => e.type === 'fail' && e.error?.code === 'result_limit_exceeded')!
    const before = { ...history, events: history.events.filter((e) => e.index < (refusal.type === 'fail' ? refusal.invoke : 0)) }
    expect(checkOversizedItemFailsCleanly(before)).toEqual({ verdict: 'unknown', reason: 'the walks never reached cap-0394, too large for a page alone: no refusal to judge' })
  })
  test('an empty History (nothing answered): every exercised contract unknown', () => {
    const loaded = pagerScenarios.find((s) => s.id.endsWith('/oversized-exchange'))!
    const history = pagerDriver.history(pagerDriver.prepare(loaded.scenario as ScenarioOf<'pager'>), { scenario: loaded.id, adapter: 'nothing', system: null, exercises: loaded.exercises, observes: [], expectations: [], stderr: '' }, new HistoryRecorder())
    const contracts = judgeHistory(history).contracts
    for (const c of contracts.filter((c) => c.exercised)) expect(c.verdict, `${c.id}: ${resultLine(c)}`).toBe('unknown')
    for (const c of contracts.filter((c) => !c.exercised)) expect(c.verdict, `${c.id}: ${resultLine(c)}`).toBe('not-applicable')
  })
})
