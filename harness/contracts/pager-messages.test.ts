import { describe, expect, test } from 'vitest'
import { createReferencePager } from '#fixtures/systems/pager/reference.ts'
import type { PagerPort } from '#harness/ports/pager-port.ts'
import type { RunRecord } from '#harness/ports/pager-port.ts'
import type { PagerStep } from '#harness/scenario/scenario-schema.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { replayPagerCase } from '#harness/arbitraries/replay-pager-case.ts'
import { checkItemsAsDerived } from '#harness/contracts/items-as-derived.ts'
import { checkUnknownCollectionRefused } from '#harness/contracts/unknown-collection-refused.ts'
import { checkInvalidCursorRefused } from '#harness/contracts/invalid-cursor-refused.ts'
import { checkCursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'
import { checkLargestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'

// issue 24: where a pager contract quotes or compares what the pager answered — an item's text, a cursor, a
// collection's name — its message shows it with every invisible character escaped and names where a text first
// differs; a count beside a list counts what the list names. Each History is replayed in process against the
// reference, changed where the test says; the verdicts are those the change always gave.

/** One exchange whose request holds a 315-character message: a difference past the first 120 characters of a value. */
const long = 'The quick brown fox. '.repeat(15)
const records: RunRecord[] = [
  { seq: 1, record_type: 'capability-input', call_id: 'c1', payload: { name: 'llm-request', args: { model: 'm', messages: [{ role: 'user', content: long }] } } },
  { seq: 2, record_type: 'capability-output', call_id: 'c1', payload: { name: 'llm-request', result: {} } },
]
const replay = (pager: () => PagerPort, steps: PagerStep[]) => replayPagerCase(pager, { records, ceilings: [{ measure: 'json-bytes', max: 100_000 }], steps })
/** The reference, with each page's items passed through `change`. */
const changing = (change: (items: unknown[]) => unknown[]) => (): PagerPort => {
  const reference = createReferencePager()
  return {
    setup: (request) => reference.setup(request),
    async read(request) {
      const result = await reference.read(request)
      return result.ok ? { ok: true, page: { ...result.page, items: change(result.page.items) } } : result
    },
  }
}

describe('recovery/items-as-derived', () => {
  test('a zero-width space at character 200 of a message: its line, byte and column, and both sides there, escaped', async () => {
    const marked = changing((items) => items.map((item) => JSON.parse(JSON.stringify(item).replace(long, `${long.slice(0, 200)}\\u200B${long.slice(200)}`))))
    const history = await replay(marked, [{ read: { collection: 'model-exchanges' } }])
    const result = checkItemsAsDerived(history)
    expect(result).toMatchObject({ verdict: 'broken', witness: { difference: { path: expect.stringMatching(/content$/), text: { byte: 200, line: 1, column: 201 } } } })
    const excerpt = long.slice(188, 200)
    expect(resultLine(result)).toMatch(
      new RegExp(`holds item "[^"]+", which differs from the derived item with its id at \\S+content, first different at line 1 \\(byte 200, column 201\\): "${excerpt}\\\\u\\{200B\\}${long.slice(200, 247)}" instead of "${excerpt}${long.slice(200, 248)}"$`),
    )
  })
  test('a value that is no text is shown as JSON, with what JSON leaves raw escaped', async () => {
    const history = await replay(changing((items) => items.map((item) => ({ ...(item as object), model: ['m\uFEFF'] }))), [{ read: { collection: 'model-exchanges' } }])
    expect(checkItemsAsDerived(history)).toMatchObject({ verdict: 'broken', witness: { difference: { path: 'model', got: '["m\\uFEFF"]', want: '"m"' } } })
  })
})

describe('recovery/cursor-exactly-once', () => {
  test('an unexpected item is shown as JSON with its BOM escaped, counted beside the items listed', async () => {
    const extra = changing((items) => [...items, { id: '\uFEFFcap-0001' }])
    const history = await replay(extra, [{ walk: { collection: 'model-exchanges' } }])
    expect(checkCursorExactlyOnce(history)).toMatchObject({ verdict: 'broken', witness: { unexpected: { count: 1, items: ['{"id":"\\uFEFFcap-0001"}'] } } })
  })
})

describe('recovery/unknown-collection-refused and recovery/invalid-cursor-refused', () => {
  test('reads that repeat a name: the reads counted, and the collections named once each, counted too', async () => {
    const steps: PagerStep[] = [{ read: { collection: 'tool-calls' } }, { read: { collection: 'tool-calls' } }, { read: { collection: 'Tool-Calls' } }]
    const history = await replay(createReferencePager, steps)
    expect(resultLine(checkUnknownCollectionRefused(history))).toBe('3 reads of 2 collections that do not exist ("tool-calls", "Tool-Calls") answered unknown_collection')
    expect(judgeHistory(history).contracts.find((c) => c.id === 'recovery/unknown-collection-refused')).toMatchObject({ verdict: 'held' })
  })
  test('a name and a cursor one cannot see are quoted with it escaped', async () => {
    const history = await replay(createReferencePager, [{ read: { collection: 'model-exchanges\u200B' } }, { read: { collection: 'model-exchanges', cursor: '\u2060' } }])
    expect(resultLine(checkUnknownCollectionRefused(history))).toBe('1 read of a collection that does not exist ("model-exchanges\\u{200B}") answered unknown_collection')
    expect(resultLine(checkInvalidCursorRefused(history))).toBe('1 cursor never handed out ("\\u{2060}") answered invalid_cursor')
  })
  test('an error code the pager gave is quoted with what cannot be seen escaped where it is no plain word, as it is where it is one', async () => {
    const answering = (code: string) => (): PagerPort => {
      const reference = createReferencePager()
      return { setup: (request) => reference.setup(request), read: async (request) => (request.cursor === 'nope' ? { ok: false, error: { code, message: 'no' } } : reference.read(request)) }
    }
    const steps: PagerStep[] = [{ read: { collection: 'model-exchanges', cursor: 'nope' } }]
    expect(resultLine(checkInvalidCursorRefused(await replay(answering('invalid_cursor\u200B'), steps)))).toMatch(/and got "invalid_cursor\\u\{200B\}", not invalid_cursor$/)
    expect(resultLine(checkInvalidCursorRefused(await replay(answering('bad_cursor'), steps)))).toMatch(/and got bad_cursor, not invalid_cursor$/)
  })
})

describe('collection names in messages', () => {
  test('a name with a space is quoted where a request is shown', async () => {
    const reference = createReferencePager()
    // reads any name with its spaces made dashes: "model exchanges" is served as model-exchanges
    const dashes: PagerPort = { setup: (request) => reference.setup(request), read: (request) => reference.read({ ...request, collection: request.collection.replaceAll(' ', '-') }) }
    const history = await replay(() => dashes, [{ read: { collection: 'model-exchanges' } }, { read: { collection: 'model exchanges' } }])
    expect(resultLine(checkUnknownCollectionRefused(history))).toBe(
      'the read at event 4 ("model exchanges", limit default, cursor null) asked for a collection that does not exist and got a page of 1 item, not unknown_collection',
    )
  })
})

describe('size/largest-fitting-prefix', () => {
  test('pages of items none of which it can judge: it says they came back and why, never that none did', async () => {
    const history = await replay(changing((items) => items.map((item) => ({ ...(item as object), extra: 1 }))), [{ read: { collection: 'model-exchanges' } }])
    expect(resultLine(checkLargestFittingPrefix(history))).toBe('no page of items could be judged: 1 page of items came back, 1 whose last item is no item of its collection as derived')
  })
  test('no page of items at all: it says so, with the answers', async () => {
    const history = await replay(createReferencePager, [{ read: { collection: 'model-exchanges', limit: 1, cursor: 'nope' } }])
    expect(resultLine(checkLargestFittingPrefix(history))).toBe('no read returned a page of items (1 read: 1 invalid_cursor)')
  })
})
