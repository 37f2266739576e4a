import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordBundledScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import { createAnalysisResultBudgetPager } from '#fixtures/systems/pager/analysis-result-budget.ts'
import { createRepeatsLastItemPager } from '#fixtures/systems/pager/mutants/repeats-last-item.ts'
import { createStallsOnOversizedPager } from '#fixtures/systems/pager/mutants/stalls-on-oversized.ts'
import { createLimitPlusOnePager } from '#fixtures/systems/pager/mutants/limit-plus-one.ts'
import { createUnmeasuredMetadataPager } from '#fixtures/systems/pager/mutants/unmeasured-metadata.ts'
import { createHalfCeilingsPager } from '#fixtures/systems/pager/mutants/half-ceilings.ts'
import { ContractBrokenError } from '#harness/contracts/contract.ts'
import { replayPagerCase } from '#harness/arbitraries/replay-pager-case.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { measure } from '#harness/measures/measure.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { assertPageFitsCeilings, checkPageFitsCeilings } from '#harness/contracts/page-fits-ceilings.ts'
import { assertLimitIsUpperBound, checkLimitIsUpperBound } from '#harness/contracts/limit-is-upper-bound.ts'
import { assertLargestFittingPrefix, checkLargestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { assertOversizedItemFailsCleanly, checkOversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { assertFirstPageReachable, checkFirstPageReachable } from '#harness/contracts/first-page-reachable.ts'
import { assertCursorExactlyOnce, checkCursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'

// Every pager contract, both ways: it holds on pager/reference in every bundled scenario, and it breaks — with the
// witness it promises — on a system built to break it (a mutant with one fault, or the pre-fix pager).

describe('pager/reference (integration)', () => {
  const pagerScenarios = bundledScenarios.filter((s) => s.scenario.port === 'pager')
  test.for(pagerScenarios.map((s) => s.id))('keeps every pager contract in %s', async (id) => {
    const history = await recordBundledScenario(id, createReferencePager)
    assertPageFitsCeilings(history)
    assertLimitIsUpperBound(history)
    assertLargestFittingPrefix(history)
    assertOversizedItemFailsCleanly(history)
    assertFirstPageReachable(history)
    assertCursorExactlyOnce(history)
  })

  test('the assertions above are every contract of the port', () => {
    expect(contractsOfPort('pager').map((c) => c.id)).toEqual([
      'size/page-fits-ceilings',
      'size/limit-is-upper-bound',
      'size/largest-fitting-prefix',
      'size/oversized-item-fails-cleanly',
      'recovery/first-page-reachable',
      'recovery/cursor-exactly-once',
    ])
  })
})

describe('size/page-fits-ceilings', () => {
  test('breaks on the pre-fix pager, naming the page, the measure, the value and the ceiling', async () => {
    const result = checkPageFitsCeilings(await recordBundledScenario('default-read', createAnalysisResultBudgetPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { measure: 'retained-bytes', max: 262144, page: { items: expect.any(Number), cursor: expect.any(String) } } })
    if (result.verdict === 'broken') expect(result.witness.value).toBeGreaterThan(262144)
  })
  test('breaks on a pager that drops the metadata from its measurement', async () => {
    const history = await recordBundledScenario('metadata-counts', createUnmeasuredMetadataPager)
    expect(checkPageFitsCeilings(history)).toMatchObject({ verdict: 'broken', witness: { page: { items: 1 } } })
    expect(() => assertPageFitsCeilings(history)).toThrow(ContractBrokenError)
  })
})

describe('size/limit-is-upper-bound', () => {
  test('breaks on a pager that returns limit + 1 items', async () => {
    const result = checkLimitIsUpperBound(await recordBundledScenario('limit-one', createLimitPlusOnePager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { limit: 1, items: 2 } })
  })
})

describe('size/largest-fitting-prefix', () => {
  test('breaks on a pager that fills only half of each ceiling, naming the item that would have fit', async () => {
    const result = checkLargestFittingPrefix(await recordBundledScenario('forty-exchanges', createHalfCeilingsPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { next: expect.stringMatching(/^cap-/) } })
  })
})

describe('size/oversized-item-fails-cleanly', () => {
  test('breaks on a pager whose cursor does not advance past an oversized item', async () => {
    const result = checkOversizedItemFailsCleanly(await recordBundledScenario('oversized-exchange', createStallsOnOversizedPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { fit: 'oversized' } })
    if (result.verdict === 'broken') expect(result.message).toMatch(/stalled cursor/)
  })
  test('breaks on the pre-fix pager, which returns the oversized exchange', async () => {
    const result = checkOversizedItemFailsCleanly(await recordBundledScenario('oversized-exchange', createAnalysisResultBudgetPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { item: 'cap-0394' } })
  })
})

describe('recovery/first-page-reachable', () => {
  test('breaks on the pre-fix pager: page 1 is rejected by the dispatcher', async () => {
    const history = await recordBundledScenario('default-read', createAnalysisResultBudgetPager)
    expect(checkFirstPageReachable(history)).toMatchObject({ verdict: 'broken', witness: { outcome: { kind: 'provider_result_limit', measure: 'retained-bytes' } } })
    expect(() => assertFirstPageReachable(history)).toThrow(/page 1 is unreachable/)
  })
})

describe('recovery/cursor-exactly-once', () => {
  test('breaks on a pager that repeats the last item of a page, counting the duplicates', async () => {
    const result = checkCursorExactlyOnce(await recordBundledScenario('forty-exchanges', createRepeatsLastItemPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { lost: { count: 0 }, unexpected: { count: 0 }, duplicated: { count: expect.any(Number) } } })
    if (result.verdict === 'broken') expect((result.witness.duplicated as { count: number }).count).toBeGreaterThan(0)
  })
  test('breaks on the pre-fix pager: every exchange is lost and the walk ends at the dispatcher', async () => {
    const result = checkCursorExactlyOnce(await recordBundledScenario('forty-exchanges', createAnalysisResultBudgetPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { lost: { count: 40 }, ended: expect.stringMatching(/dispatcher rejected/) } })
  })
  test('breaks on a stalled cursor: the walk does not terminate', async () => {
    const result = checkCursorExactlyOnce(await recordBundledScenario('oversized-exchange', createStallsOnOversizedPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { ended: expect.stringMatching(/page limit/) } })
  })
})

describe('judging whether an item fits alone (regressions found by the property)', () => {
  const records = [
    { seq: 1, record_type: 'capability-input', call_id: 'c1', payload: { name: 'llm-request', args: { model: 'm', messages: [{ role: 'user', content: 'héllo' }] } } },
    { seq: 2, record_type: 'capability-output', call_id: 'c1', payload: { name: 'llm-request', result: { message: { role: 'assistant', content: 'hi' } } } },
  ]
  const onlyItem = () => deriveCollection(records, 'model-exchanges')!.items[0]
  const bare = (m: 'json-bytes' | 'retained-bytes') => measure(m, { items: [onlyItem()], cursor: null })

  test('a refusal the kit cannot judge (no page shows the metadata) is unknown, never broken', async () => {
    const history = await replayPagerCase(createReferencePager, {
      records,
      ceilings: [{ measure: 'json-bytes', max: bare('json-bytes') }],
      steps: [{ walk: { collection: 'model-exchanges', limit: 1 } }],
    })
    expect(checkFirstPageReachable(history)).toMatchObject({ verdict: 'unknown' })
    expect(checkOversizedItemFailsCleanly(history)).toMatchObject({ verdict: 'unknown' })
  })

  test('the same item judged from reads of different limits gets one answer', async () => {
    const first = await replayPagerCase(createReferencePager, { records, ceilings: [{ measure: 'json-bytes', max: 10_000 }], steps: [{ read: { collection: 'model-exchanges', limit: 1 } }] })
    const page = (first.events.find((e) => e.type === 'ok' && e.f === 'pager.read') as { value: object }).value
    const history = await replayPagerCase(createReferencePager, {
      records,
      ceilings: [{ measure: 'json-bytes', max: measure('json-bytes', page) }],
      steps: [{ walk: { collection: 'model-exchanges', limit: 1 } }, { read: { collection: 'model-exchanges' } }],
    })
    for (const outcome of judgeHistory(history)) expect(outcome, outcome.id).toMatchObject({ verdict: 'held' })
  })
})
