import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordBundledScenario } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import { createPager } from '#fixtures/systems/pager/create-pager.ts'
import { loadAnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'
import { pagerMutants } from '#fixtures/systems/pager/mutants/index.ts'
import { silentSystems } from '#fixtures/systems/silent/silent-systems.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { replayPagerCase } from '#harness/arbitraries/replay-pager-case.ts'
import { checkItemsAsDerived } from '#harness/contracts/items-as-derived.ts'
import { checkUnknownCollectionRefused } from '#harness/contracts/unknown-collection-refused.ts'
import { checkInvalidCursorRefused } from '#harness/contracts/invalid-cursor-refused.ts'
import { checkOversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { checkLargestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { checkCursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'

// The rules of the issue-11 gaps, both ways: the contract that owns each (docs/contracts.md, "Rules") holds with its
// evidence on pager/reference and breaks — naming the rule's violation — on the mutant made for it.

const mutant = (name: string): (() => PagerPort) => pagerMutants.find((m) => m.name === `pager/mutants/${name}`)!.create
const silentEmpty = (): PagerPort => silentSystems['pager/silent/empty']().ports.pager!

describe('recovery/items-as-derived', () => {
  test('holds on the reference over every derivation edge case, each item found among the derived ones', async () => {
    const result = checkItemsAsDerived(await recordBundledScenario('derivation-edges', createReferencePager))
    expect(resultLine(result)).toBe("19 pages of items, every item one of the derived collection's, exactly: model-exchanges 10 of 10, capability-calls 19 of 19")
  })
  test.for([
    ['keeps-array-order', 'index', '7', '6'],
    ['last-output-wins', 'response.message.content', expect.stringMatching(/^"index/), expect.stringMatching(/^"retried: /)],
    ['drops-missing-fields', 'model', 'null', 'absent'],
    ['takes-any-call-id', 'id', '"cap-9002"', '"4242"'],
  ] as const)('names the first difference on %s: %s', async ([name, path, want, got]) => {
    const result = checkItemsAsDerived(await recordBundledScenario('derivation-edges', mutant(name)))
    expect(result).toMatchObject({ verdict: 'broken', witness: { difference: { path, want, got } } })
  })
  test('breaks on a pager that keeps the collections of an earlier setup', async () => {
    const result = checkItemsAsDerived(await recordBundledScenario('setup-replaces', mutant('keeps-collections-across-setups')))
    expect(result).toMatchObject({ verdict: 'broken', witness: { expected: 'cap-0001', difference: { path: expect.stringMatching(/^messages/) } } })
  })
  test('no page of items to compare: unknown, never held', async () => {
    expect(checkItemsAsDerived(await recordBundledScenario('derivation-edges', silentEmpty))).toMatchObject({ verdict: 'unknown' })
  })
})

describe('recovery/unknown-collection-refused', () => {
  test('holds on the reference: every name that is no collection refused', async () => {
    const result = checkUnknownCollectionRefused(await recordBundledScenario('pager/unknown-collection', createReferencePager))
    expect(resultLine(result)).toBe('3 reads of a collection that does not exist ("tool-calls", "Model-Exchanges", "capability-call") answered unknown_collection')
  })
  test('breaks on a pager that answers an unknown collection with an empty page', async () => {
    const result = checkUnknownCollectionRefused(await recordBundledScenario('pager/unknown-collection', mutant('empty-page-for-unknown-collection')))
    expect(result).toMatchObject({ verdict: 'broken', witness: { request: { collection: 'tool-calls' }, answer: 'a page of 0 items' } })
  })
})

describe('recovery/invalid-cursor-refused', () => {
  test('holds on the reference: garbage, empty and out-of-range cursors refused', async () => {
    const result = checkInvalidCursorRefused(await recordBundledScenario('pager/invalid-cursor', createReferencePager))
    expect(resultLine(result)).toBe('6 cursors never handed out ("contract-kit:not-a-cursor", "", "offset:00000005", "offset:99999999", "xoffset:00000002", "offset:00000002 ") answered invalid_cursor')
  })
  test('breaks on a pager that serves an empty last page at a cursor just past the end, which it never handed out', async () => {
    const result = checkInvalidCursorRefused(await recordBundledScenario('pager/invalid-cursor', mutant('accepts-cursor-at-end')))
    expect(result).toMatchObject({ verdict: 'broken' })
    expect(resultLine(result)).toMatch(/cursor "offset:00000005"\) gave a cursor this run never handed out and got a page \(an empty one\)/)
  })
  test('holds on the reference: offsets within the run that no page ended at refused', async () => {
    const result = checkInvalidCursorRefused(await recordBundledScenario('pager/cursor-never-handed-out', createReferencePager))
    expect(resultLine(result)).toBe('3 cursors never handed out ("offset:00000001", "offset:00000003", "offset:00000000") answered invalid_cursor')
  })
  test('breaks on a pager that reads any well-formed offset within the run, handed out or not', async () => {
    const result = checkInvalidCursorRefused(await recordBundledScenario('pager/cursor-never-handed-out', mutant('reads-any-offset')))
    expect(result).toMatchObject({ verdict: 'broken', witness: { request: { cursor: 'offset:00000001' }, answer: 'page', page: { first: 'cap-0004' } } })
    expect(resultLine(result)).toMatch(/cursor "offset:00000001"\) gave a cursor this run never handed out and got a page, not invalid_cursor/)
  })
  test('the reference refuses a cursor of its own format it has not handed out yet, and reads it once it has', async () => {
    const pager = createReferencePager()
    await pager.setup({ records: loadAnalysisRunFixture('analysis-run/six-turns').records, ceilings: [{ measure: 'json-bytes', max: 262144 }] })
    const at1 = { collection: 'model-exchanges', limit: 1, cursor: 'offset:00000001' }
    expect(await pager.read(at1)).toMatchObject({ ok: false, error: { code: 'invalid_cursor' } })
    expect(await pager.read({ collection: 'model-exchanges', limit: 1, cursor: null })).toMatchObject({ ok: true, page: { cursor: 'offset:00000001' } })
    expect(await pager.read({ ...at1, collection: 'capability-calls' })).toMatchObject({ ok: false, error: { code: 'invalid_cursor' } }) // handed out for the other collection
    expect(await pager.read(at1)).toMatchObject({ ok: true, page: { items: [{ index: 1 }] } })
    await pager.setup({ records: loadAnalysisRunFixture('analysis-run/six-turns').records, ceilings: [{ measure: 'json-bytes', max: 262144 }] })
    expect(await pager.read(at1)).toMatchObject({ ok: false, error: { code: 'invalid_cursor' } }) // a setup forgets the cursors of the run before it
  })
  test('breaks on a pager that restarts from the beginning, and says so', async () => {
    const result = checkInvalidCursorRefused(await recordBundledScenario('pager/invalid-cursor', mutant('restarts-on-unreadable-cursor')))
    expect(result).toMatchObject({ verdict: 'broken', witness: { answer: 'page', page: { first: 'cap-0001' } } })
    expect(resultLine(result)).toMatch(/restarted from the beginning/)
  })
  test('a cursor the pager itself hands out is its own: not judged', async () => {
    const reference = createReferencePager()
    const ownCursors: PagerPort = {
      setup: (request) => reference.setup(request),
      async read(request) {
        const cursor = request.cursor === 'mine' ? null : request.cursor
        const result = await reference.read({ ...request, cursor })
        return result.ok && result.page.cursor !== null ? { ok: true, page: { ...result.page, cursor: 'mine' } } : result
      },
    }
    const history = await replayPagerCase(() => ownCursors, {
      records: [
        { seq: 1, record_type: 'capability-input', call_id: 'c1', payload: { name: 'llm-request', args: { model: 'm', messages: [] } } },
        { seq: 2, record_type: 'capability-output', call_id: 'c1', payload: { name: 'llm-request', result: {} } },
        { seq: 3, record_type: 'capability-input', call_id: 'c2', payload: { name: 'llm-request', args: { model: 'm', messages: [] } } },
        { seq: 4, record_type: 'capability-output', call_id: 'c2', payload: { name: 'llm-request', result: {} } },
      ],
      ceilings: [{ measure: 'json-bytes', max: 100_000 }],
      steps: [{ read: { collection: 'model-exchanges', limit: 1 } }, { read: { collection: 'model-exchanges', limit: 1, cursor: 'mine' } }],
    })
    expect(checkInvalidCursorRefused(history)).toMatchObject({ verdict: 'not-applicable', reason: expect.stringMatching(/hands out the very cursors/) })
  })
})

describe('size/oversized-item-fails-cleanly owns every wrong answer to an item too large alone', () => {
  test.for([
    ['wrong-code-for-oversized', 'oversized-exchange', /with item_too_large instead of result_limit_exceeded/],
    ['empty-page-past-oversized', 'oversized-exchange', /with a page that skips it instead of result_limit_exceeded/],
    ['cursor-past-the-last-item', 'oversized-exchange', /refused the last item cap-0394 with data.cursor "offset:00000040": past the last item the cursor is null/],
    ['skips-oversized-silently', 'oversized-exchange', /ends the collection \(cursor null\) after cap-0384, but cap-0394, too large for a page alone, was never refused/],
    ['skips-oversized-silently', 'pager/oversized-in-the-middle', /skips it instead of result_limit_exceeded/],
    ['measures-last-page-with-a-cursor', 'metadata-counts', /refused item cap-0394 with result_limit_exceeded, but it fits a page alone/],
  ] as const)('%s, in %s', async ([name, scenario, message]) => {
    const result = checkOversizedItemFailsCleanly(await recordBundledScenario(scenario, mutant(name)))
    expect(result.verdict).toBe('broken')
    expect(resultLine(result)).toMatch(message)
  })
  test('a refusal whose cursor skips the next item too', async () => {
    const reference = createPager({ readsAnyOffset: true }) // it reads the cursor it never handed out: the one past the next item
    const skipsOneMore: PagerPort = {
      setup: (request) => reference.setup(request),
      async read(request) {
        const result = await reference.read(request)
        if (result.ok || result.error.code !== 'result_limit_exceeded' || typeof result.error.data?.cursor !== 'string') return result
        const next = `offset:${String(Number(result.error.data.cursor.slice(7)) + 1).padStart(8, '0')}`
        return { ok: false, error: { ...result.error, data: { ...result.error.data, cursor: next } } }
      },
    }
    const result = checkOversizedItemFailsCleanly(await recordBundledScenario('pager/oversized-in-the-middle', () => skipsOneMore))
    expect(resultLine(result)).toMatch(/follows the cursor past cap-0394, refused as too large alone, and starts at cap-0396: data.cursor must point just past the refused item/)
  })
  test('a pager without metadata returns the exchange that fits exactly alone, and that is its evidence', async () => {
    const result = checkOversizedItemFailsCleanly(await recordBundledScenario('metadata-counts', () => createPager({ metadata: false })))
    expect(resultLine(result)).toBe("1 item at a ceiling alone (cap-0394) fitting a page alone with this pager's metadata, returned, not refused")
  })
})

describe('size/largest-fitting-prefix: the page that would add the last item is measured with its null cursor', () => {
  test('holds on the reference, whose last page fits its ceilings exactly, null cursor included', async () => {
    const result = checkLargestFittingPrefix(await recordBundledScenario('pager/last-page-at-its-ceiling', createReferencePager))
    expect(resultLine(result)).toBe('1 page of items shown largest: 1 ending the collection')
  })
  test('breaks on a pager that fits the last page as if it carried a cursor: one item short of it', async () => {
    const result = checkLargestFittingPrefix(await recordBundledScenario('pager/last-page-at-its-ceiling', mutant('last-page-one-item-short')))
    expect(result).toMatchObject({ verdict: 'broken', witness: { next: 'cap-0013' } })
    expect(resultLine(result)).toMatch(/holds 4 items, but the next item cap-0013 fits too/)
  })
})

describe('recovery/cursor-exactly-once: a collection with no items', () => {
  test('holds on the reference: an empty page whose cursor is null ends the walk', async () => {
    const result = checkCursorExactlyOnce(await recordBundledScenario('pager/empty-collection', createReferencePager))
    expect(resultLine(result)).toMatch(/^2 walks followed to the end, every item once and in order: model-exchanges \(no items\) ended by its first page, empty with cursor null, capability-calls 3 items in 1 read$/)
  })
  test('breaks on a pager that refuses the start of a collection with no items', async () => {
    const result = checkCursorExactlyOnce(await recordBundledScenario('pager/empty-collection', mutant('refuses-empty-collection')))
    expect(result).toMatchObject({ verdict: 'broken', witness: { collection: 'model-exchanges', ended: expect.stringMatching(/^error invalid_cursor, where a collection with no items/) } })
  })
})

describe('correct pagers other than the reference are not flagged', () => {
  const pagerScenarios = bundledScenarios.filter((s) => s.scenario.port === 'pager').map((s) => s.id)
  test.for(pagerScenarios)('a pager without metadata holds %s', async (id) => {
    const judgement = judgeHistory(await recordBundledScenario(id, () => createPager({ metadata: false })))
    expect(judgement.verdict, `${judgement.reason}: ${judgement.contracts.map((c) => `${c.id} ${c.verdict}: ${resultLine(c)}`).join('\n')}`).toBe('held')
  })
})
