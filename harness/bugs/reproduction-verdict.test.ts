import { describe, expect, it } from 'vitest'
import { reproductionVerdict } from '#harness/bugs/reproduction-verdict.ts'
import type { CaseRow, ResultRun } from '#harness/bugs/side-by-side.ts'

type Verdict = ResultRun['verdict'] | 'not run'

const side = (adapter: string, id: string, verdict: Verdict) =>
  verdict === 'not run'
    ? { adapter }
    : { adapter, run: { scenario: id, adapter, port: 'pager', system: null, verdict, exercises: [], contracts: [], stale: [], reproduce: '' } satisfies ResultRun }

/** Rows of `pre` vs `ref`: one per pair of verdicts. */
const rows = (...pairs: Array<[Verdict, Verdict]>): CaseRow[] =>
  pairs.map(([pre, ref], i) => ({
    case: { id: `r/case-${i}`, title: '', port: 'pager', preFix: 'pre', reference: 'ref' },
    preFix: side('pre', `r/case-${i}`, pre),
    reference: side('ref', `r/case-${i}`, ref),
  }))

const alone = (verdict: Verdict, i = 0): CaseRow => ({ case: { id: `r/alone-${i}`, title: '', port: 'snapshotter', reference: 'snap' }, reference: side('snap', `r/alone-${i}`, verdict) })

describe('reproductionVerdict', () => {
  it('reproduced: the pre-fix system broke a case and the reference held them all', () => {
    const v = reproductionVerdict(rows(['broken', 'held'], ['held', 'held'], ['broken', 'held']))
    expect(v).toEqual({ reproduced: true, paired: 3, brokenOnPreFix: 2, lines: ['Reproduced: 2 of 3 cases broken on the pre-fix system, all 3 held on the reference.'] })
  })

  it('says how the pre-fix system ended where it neither broke nor held', () => {
    const v = reproductionVerdict(rows(['broken', 'held'], ['error', 'held']))
    expect(v.reproduced).toBe(true)
    expect(v.lines).toEqual(['Reproduced: 1 of 2 cases broken on the pre-fix system (1 error), all 2 held on the reference.'])
  })

  it('counts the cases no pre-fix system covers apart, and needs them held', () => {
    expect(reproductionVerdict([...rows(['broken', 'held']), alone('held', 0), alone('held', 1)]).lines).toEqual([
      'Reproduced: 1 of 1 case broken on the pre-fix system, it held on the reference; the 2 cases no pre-fix system covers held on snap.',
    ])
    const v = reproductionVerdict([...rows(['broken', 'held']), alone('broken')])
    expect(v.reproduced).toBe(false)
    expect(v.lines).toEqual(['Not reproduced: the reference snap broke 1 of 1 case: alone-0.'])
  })

  it('not reproduced: the pre-fix system held every case', () => {
    const v = reproductionVerdict(rows(['held', 'held'], ['held', 'held']))
    expect(v.reproduced).toBe(false)
    expect(v.lines).toEqual(['Not reproduced: the pre-fix system pre held every case: the regression scenarios no longer reproduce the bug.'])
  })

  it('not reproduced: the pre-fix system broke nothing because it failed to run', () => {
    const v = reproductionVerdict(rows(['error', 'held'], ['held', 'held'], ['not run', 'held']))
    expect(v.lines).toEqual(['Not reproduced: the pre-fix system pre broke no case (1 error, 1 held, 1 not run): the regression scenarios do not reproduce the bug.'])
  })

  it('not reproduced: the reference broke cases, or could not run them', () => {
    expect(reproductionVerdict(rows(['broken', 'broken'], ['broken', 'held'])).lines).toEqual(['Not reproduced: the reference ref broke 1 of 2 cases: case-0.'])
    expect(reproductionVerdict(rows(['broken', 'untestable'], ['broken', 'broken'], ['held', 'not run'])).lines).toEqual([
      'Not reproduced: the reference ref did not hold 3 of 3 cases: case-0 (untestable), case-1, case-2 (not run).',
    ])
  })

  it('names at most four failing cases', () => {
    const many = rows(...Array.from({ length: 6 }, (): [Verdict, Verdict] => ['broken', 'broken']))
    expect(reproductionVerdict(many).lines).toEqual(['Not reproduced: the reference ref broke 6 of 6 cases: case-0, case-1, case-2, case-3, ….'])
  })

  it('says both when both sides disappoint', () => {
    expect(reproductionVerdict(rows(['held', 'broken'])).lines).toEqual([
      'Not reproduced: the pre-fix system pre held every case: the regression scenarios no longer reproduce the bug.',
      'Not reproduced: the reference ref broke 1 of 1 case: case-0.',
    ])
  })

  it('not reproduced when no case runs on a pre-fix system', () => {
    expect(reproductionVerdict([alone('held')]).lines).toEqual(['Not reproduced: no case of the bug runs on a pre-fix system.'])
  })
})
