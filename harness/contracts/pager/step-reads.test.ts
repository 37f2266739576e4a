import { describe, expect, test } from 'vitest'
import { isValidLimit, stepReads } from '#harness/contracts/pager/step-reads.ts'

describe('stepReads', () => {
  test('reads each step as what it reads, with which limit, from where', () => {
    expect(
      stepReads([
        { read: { collection: 'model-exchanges' } },
        { read: { collection: 'model-exchanges', limit: 0, cursor: 'offset:00000003' } },
        { walk: { collection: 'capability-calls', limit: 3, maxPages: 2 } },
      ]),
    ).toEqual([
      { kind: 'read', collection: 'model-exchanges', validLimit: true, fromStart: true },
      { kind: 'read', collection: 'model-exchanges', limit: 0, validLimit: false, fromStart: false },
      { kind: 'walk', collection: 'capability-calls', limit: 3, validLimit: true, fromStart: true, maxPages: 2 },
    ])
  })
  test('skips what is not a step', () => {
    expect(stepReads([null, 'read', { other: {} }])).toEqual([])
  })
})

describe('isValidLimit', () => {
  test('absent, or an integer from 1 to 100', () => {
    expect([undefined, 1, 100].map(isValidLimit)).toEqual([true, true, true])
    expect([0, 101, 1.5, -1].map(isValidLimit)).toEqual([false, false, false, false])
  })
})
