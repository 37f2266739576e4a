import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordBundledScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import { createAnalysisResultBudgetPager } from '#fixtures/systems/pager/analysis-result-budget.ts'
import { createRepeatsLastItemPager } from '#fixtures/systems/pager/mutants/repeats-last-item.ts'
import { createStallsOnOversizedPager } from '#fixtures/systems/pager/mutants/stalls-on-oversized.ts'
import { createLimitPlusOnePager } from '#fixtures/systems/pager/mutants/limit-plus-one.ts'
import { createUnmeasuredMetadataPager } from '#fixtures/systems/pager/mutants/unmeasured-metadata.ts'
import { createHalfCeilingsPager } from '#fixtures/systems/pager/mutants/half-ceilings.ts'
import { ContractBrokenError, resultLine } from '#harness/contracts/contract.ts'
import type { PagerPort, RunRecord } from '#harness/ports/pager-port.ts'
import { replayPagerCase } from '#harness/arbitraries/replay-pager-case.ts'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { measure } from '#harness/measures/measure.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { assertPageFitsCeilings, checkPageFitsCeilings } from '#harness/contracts/page-fits-ceilings.ts'
import { checkLimitIsUpperBound } from '#harness/contracts/limit-is-upper-bound.ts'
import { checkLargestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { checkOversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { assertFirstPageReachable, checkFirstPageReachable } from '#harness/contracts/first-page-reachable.ts'
import { checkCursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'

// Every pager contract, both ways: it holds — with its evidence — on pager/reference in every bundled scenario, and it
// breaks, with the witness it promises, on a system built to break it (a mutant with one fault, or the pre-fix pager).
// Where a scenario gives a contract nothing to judge, or evidence is missing: pager-contracts-unjudged.test.ts.

const pagerScenarios = bundledScenarios.filter((s) => s.scenario.port === 'pager')

/** A run of one exchange (with a non-ASCII message). */
const tinyRun: RunRecord[] = [
  { seq: 1, record_type: 'capability-input', call_id: 'c1', payload: { name: 'llm-request', args: { model: 'm', messages: [{ role: 'user', content: 'héllo' }] } } },
  { seq: 2, record_type: 'capability-output', call_id: 'c1', payload: { name: 'llm-request', result: { message: { role: 'assistant', content: 'hi' } } } },
]
const pagerContractIds = [
  'size/page-fits-ceilings',
  'size/limit-is-upper-bound',
  'size/largest-fitting-prefix',
  'size/oversized-item-fails-cleanly',
  'recovery/first-page-reachable',
  'recovery/cursor-exactly-once',
  'recovery/items-as-derived',
  'recovery/unknown-collection-refused',
  'recovery/invalid-cursor-refused',
]

/** The scenarios with an item at the edge of a ceiling alone (a relative ceiling, `by` ≤ 0), where the oversized contract judges. */
const atTheEdge = ['metadata-counts', 'oversized-exchange', 'oversized-in-the-middle', 'json-bytes-decides', 'utf8-bytes-decides', 'runes-decides', 'utf16-units-decides', 'four-hundred-exchanges']

/** The cells (scenario, contract) where pager/reference is not-applicable: none of them exercised (docs/contracts.md). */
function notApplicableOnReference(name: string): string[] {
  return [
    ...(atTheEdge.includes(name) ? [] : ['size/oversized-item-fails-cleanly']),
    ...(['default-read', 'invalid-limit', 'negative-limit'].includes(name) ? ['recovery/cursor-exactly-once'] : []),
    ...(['unknown-collection', 'collection-name-with-spaces'].includes(name) ? [] : ['recovery/unknown-collection-refused']),
    ...(['invalid-cursor', 'cursor-never-handed-out'].includes(name) ? [] : ['recovery/invalid-cursor-refused']),
  ]
}

describe('pager/reference (integration)', () => {
  test.for(pagerScenarios.map((s) => s.id))('keeps every pager contract it is judged by in %s, each with its evidence', async (id) => {
    const judgement = judgeHistory(await recordBundledScenario(id, createReferencePager))
    expect(judgement.verdict, judgement.reason).toBe('held')
    const name = id.slice(id.lastIndexOf('/') + 1)
    for (const c of judgement.contracts) {
      if (name === 'setup-with-no-records' && c.id !== 'recovery/cursor-exactly-once') {
        // a run with no records: no page holds an item, so nothing but the walks is judged (the scenario names them alone)
        expect(c, c.id).toMatchObject({ verdict: expect.stringMatching(/^(unknown|not-applicable)$/), exercised: false })
        continue
      }
      if (notApplicableOnReference(name).includes(c.id)) {
        expect(c, c.id).toMatchObject({ verdict: 'not-applicable', exercised: false })
        continue
      }
      expect(c.verdict, `${c.id}: ${resultLine(c)}`).toBe('held')
      if (c.verdict === 'held') {
        expect(c.evidence, c.id).toMatch(/\d/)
        expect(Object.keys(c.figures).length, c.id).toBeGreaterThan(0)
      }
    }
  })

  test('each scenario exercises the contracts its steps give something to judge', () => {
    const exercised = Object.fromEntries(pagerScenarios.map((s) => [s.id.slice(s.id.lastIndexOf('/') + 1), s.exercises]))
    const [fits, limit, prefix, oversized, first, once, derived, unknownCollection, invalidCursor] = pagerContractIds
    const walked = [fits, limit, prefix, first, once, derived]
    const edge = [fits, limit, prefix, oversized, first, once, derived]
    expect(exercised).toEqual({
      'ceiling-one-under-a-page': walked,
      'collection-name-with-spaces': [...walked, unknownCollection],
      'cursor-never-handed-out': [...walked, invalidCursor],
      'derivation-edges': walked,
      'empty-collection': walked,
      'invalid-cursor': [...walked, invalidCursor],
      'json-bytes-decides': edge,
      'last-page-at-its-ceiling': walked,
      'lone-surrogates': walked,
      'maps-of-32-keys': walked,
      'negative-limit': [limit], // named in the scenario
      'oversized-in-the-middle': edge,
      'retried-output-earlier-in-array': walked,
      'runes-decides': edge,
      'setup-replaces': walked,
      'setup-with-no-records': [once], // named in the scenario
      'two-ceilings-one-measure': walked,
      'unknown-collection': [...walked, unknownCollection],
      'utf16-units-decides': edge,
      'utf8-bytes-decides': edge,
      'default-read': [fits, limit, prefix, first, derived],
      'every-page-fits-both-ceilings': [fits, limit, prefix], // named in the scenario
      'forty-exchanges': walked,
      'four-hundred-exchanges': edge, // generated: its ceilings are its largest exchange's measures
      'invalid-limit': [limit], // named in the scenario
      'limit-one': walked,
      'metadata-counts': edge, // the largest exchange sits exactly at both ceilings alone
      'oversized-exchange': edge,
      'six-turns': walked,
    })
  })

  test('the evidence of each contract in oversized-exchange, where every one is exercised', async () => {
    const judgement = judgeHistory(await recordBundledScenario('oversized-exchange', createReferencePager))
    const evidence = Object.fromEntries(judgement.contracts.map((c) => [c.id, resultLine(c)]))
    expect(evidence).toEqual({
      'size/page-fits-ceilings': '64 pages of items measured, the largest 32,092 of 262,144 json-bytes, 120,160 of 122,215 retained-bytes',
      'size/limit-is-upper-bound': '64 pages of items, none over its limit (39 exactly at it)',
      'size/largest-fitting-prefix': '64 pages of items shown largest: 39 full to the limit, 25 where the next item breaks a ceiling',
      'size/oversized-item-fails-cleanly': '1 item too large for a page alone (cap-0394) refused with result_limit_exceeded and a cursor past it, in 2 reads',
      'recovery/first-page-reachable': '2 reads from the start answered with an accepted page of items: model-exchanges 1 to 8 of 40 items',
      'recovery/cursor-exactly-once':
        '2 walks followed to the end, every item once and in order: model-exchanges 39 items in 26 reads (1 refused as too large), model-exchanges 39 items in 40 reads (1 refused as too large)',
      'recovery/items-as-derived': "64 pages of items, every item one of the derived collection's, exactly: model-exchanges 39 of 40",
      'recovery/unknown-collection-refused': 'no step reads a collection that does not exist (with a valid limit)',
      'recovery/invalid-cursor-refused': 'no read step gives a cursor of its own (with a valid limit)',
    })
    const fits = judgement.contracts.find((c) => c.id === 'size/page-fits-ceilings')
    expect(fits).toMatchObject({ figures: { pages: 64, largest: [{ measure: 'json-bytes', value: 32092, max: 262144 }, { measure: 'retained-bytes', value: 120160, max: 122215 }] } })
  })

  test('the contracts above are every contract of the port', () => {
    expect(contractsOfPort('pager').map((c) => c.id)).toEqual(pagerContractIds)
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
  test('breaks on the pre-fix pager: a page over a ceiling is no fitting prefix', async () => {
    const result = checkLargestFittingPrefix(await recordBundledScenario('default-read', createAnalysisResultBudgetPager))
    expect(result).toMatchObject({ verdict: 'broken', witness: { measure: 'retained-bytes', max: 262144, page: { items: 24 } } })
  })
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
  test('breaks on a pager that skips an oversized item with an empty page instead of refusing it', async () => {
    const skipsOversized = (): PagerPort => {
      const reference = createReferencePager()
      return {
        setup: (request) => reference.setup(request),
        async read(request) {
          const result = await reference.read(request)
          if (result.ok || result.error.code !== 'result_limit_exceeded') return result
          return { ok: true, page: { items: [], cursor: result.error.data?.cursor ?? null } }
        },
      }
    }
    const result = checkOversizedItemFailsCleanly(await recordBundledScenario('oversized-exchange', skipsOversized))
    expect(result).toMatchObject({ verdict: 'broken', witness: { item: 'cap-0394', fit: 'oversized' } })
    if (result.verdict === 'broken') expect(result.message).toMatch(/skips it instead of result_limit_exceeded/)
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
  const records = tinyRun
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
    const judgement = judgeHistory(history)
    expect(judgement.verdict, judgement.reason).toBe('held')
    expect(judgement.contracts.filter((c) => c.verdict === 'broken' || c.verdict === 'unknown')).toEqual([])
  })
})
