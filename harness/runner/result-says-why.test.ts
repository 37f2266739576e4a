import { describe, expect, test } from 'vitest'
import { broken, held, notApplicable, unknown } from '#harness/contracts/contract.ts'
import { resultSaysWhy } from '#harness/runner/result-says-why.ts'

// issue 24: no `unknown` or `broken` with an empty message reaches a report; a checker that says nothing is the kit's defect.
describe('resultSaysWhy', () => {
  test('a result that says why passes as it is', () => {
    for (const r of [held('3 pages measured', { pages: 3 }), broken('page 2 is 300 bytes over', { page: 2 }), unknown('no answer'), notApplicable('no walk')]) expect(resultSaysWhy('size/x', r)).toBe(r)
  })
  test.for([
    ['held', { verdict: 'held' as const, evidence: '', figures: { pages: 3 } }, 'an empty evidence'],
    ['broken', broken('  ', { page: 2 }), 'an empty message'],
    ['unknown', unknown(''), 'an empty reason'],
    ['not-applicable', notApplicable(''), 'an empty reason'],
  ] as const)('%s with nothing said is left unjudged, naming the contract and what was empty', ([verdict, result, empty]) => {
    expect(resultSaysWhy('size/x', result)).toEqual({ verdict: 'unknown', reason: `size/x said ${verdict} without saying why (${empty}): a defect of the kit's checker, so it is left unjudged` })
  })
})
