import { describe, expect, test } from 'vitest'
import { answersLine } from '#harness/contracts/pager/describe-page.ts'
import type { PagerRead, ReadOutcome } from '#harness/contracts/pager/pager-reads.ts'

const readWith = (outcome: ReadOutcome, index: number): PagerRead => ({
  invoke: { type: 'invoke', index, time: 0, f: 'pager.read', value: {}, step: 0 },
  step: 0,
  stepKind: 'read',
  request: { collection: 'model-exchanges' },
  outcome,
})

describe('answersLine', () => {
  test('counts the answers of the reads by kind, in the order first seen', () => {
    const empty: ReadOutcome = { kind: 'page', page: { items: [], cursor: null } }
    const refused: ReadOutcome = { kind: 'error', code: 'result_limit_exceeded', message: 'too large' }
    expect(answersLine([readWith(empty, 0), readWith(refused, 2), readWith(empty, 4)])).toBe('3 reads: 2 empty pages, 1 result_limit_exceeded')
    expect(answersLine([readWith({ kind: 'page', page: { items: [1], cursor: null } }, 0)])).toBe('1 read: 1 page of items')
  })
  test('no read at all', () => {
    expect(answersLine([])).toBe('0 reads')
  })
})
