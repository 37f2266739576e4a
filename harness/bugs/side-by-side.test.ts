import { describe, expect, it } from 'vitest'
import { sideBySide } from '#harness/bugs/side-by-side.ts'
import type { ResultRun } from '#harness/bugs/side-by-side.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'

const run = (adapter: string, scenario: string, verdict: ResultRun['verdict']): ResultRun => ({
  scenario,
  adapter,
  port: 'pager',
  system: null,
  verdict,
  exercises: [],
  contracts: [],
  stale: [],
  reproduce: `npx contract-kit run --adapter ${adapter} --scenario ${scenario} --no-expectations`,
})

describe('sideBySide', () => {
  it('puts each case’s pre-fix run beside its reference run, in the order of the cases', () => {
    const cases: BugCase[] = [
      { id: 'r/b', title: 'B', port: 'pager', preFix: 'pre', reference: 'ref' },
      { id: 'r/a', title: 'A', port: 'pager', preFix: 'pre', reference: 'ref' },
      { id: 'r/c', title: 'C', port: 'snapshotter', reference: 'snap' },
    ]
    const runs = [run('pre', 'r/a', 'held'), run('pre', 'r/b', 'broken'), run('ref', 'r/a', 'held'), run('ref', 'r/b', 'held'), run('snap', 'r/c', 'held'), run('ref', 'r/z', 'held')]
    const rows = sideBySide(cases, runs)
    expect(rows.map((r) => [r.case.id, r.preFix?.run?.verdict, r.reference.run?.verdict])).toEqual([
      ['r/b', 'broken', 'held'],
      ['r/a', 'held', 'held'],
      ['r/c', undefined, 'held'],
    ])
    expect(rows[2]).not.toHaveProperty('preFix')
  })

  it('keeps the side of a run that left no result, with its adapter', () => {
    const [row] = sideBySide([{ id: 'r/a', title: 'A', port: 'pager', preFix: 'pre', reference: 'ref' }], [run('pre', 'r/a', 'broken')])
    expect(row!.reference).toEqual({ adapter: 'ref' })
  })
})
