import { describe, expect, it } from 'vitest'
import { formatReproduction } from '#harness/bugs/format-reproduction.ts'
import type { Reproduction } from '#harness/bugs/format-reproduction.ts'
import { reproductionVerdict } from '#harness/bugs/reproduction-verdict.ts'
import { sideBySide } from '#harness/bugs/side-by-side.ts'
import type { ResultRun } from '#harness/bugs/side-by-side.ts'
import type { BugCase } from '#harness/bugs/bug-cases.ts'
import type { BugPair } from '#harness/bugs/bug-pairs.ts'
import { terminalColumns } from '#harness/bugs/terminal-columns.ts'

const pair: BugPair = { id: 'analysis-result-budget', title: 'Analysis pagination can exceed the capability retained-result limit', preFix: 'pager/analysis-result-budget', reference: 'pager/reference' }
const cases: BugCase[] = ['default-read', 'six-turns'].map((name) => ({
  id: `regressions/analysis-result-budget/${name}`,
  title: name === 'six-turns' ? 'The 6-turn run (5 exchanges) reads whole in one page' : 'A default read of the 40-exchange run returns a non-empty bounded page and a cursor',
  port: 'pager',
  preFix: pair.preFix,
  reference: pair.reference,
}))

const run = (adapter: string, scenario: string, fields: Partial<ResultRun> = {}): ResultRun => ({
  scenario,
  adapter,
  port: 'pager',
  system: null,
  verdict: 'held',
  exercises: [],
  contracts: [],
  stale: [],
  reproduce: `npx contract-kit run --adapter ${adapter} --scenario ${scenario} --no-expectations`,
  ...fields,
})

const pageTooBig: ResultRun['contracts'][number] = {
  id: 'size/page-fits-ceilings',
  exercised: true,
  verdict: 'broken',
  message: 'the page read at event 2 (model-exchanges, limit default, cursor null) measures retained-bytes 922232, over its ceiling 262144',
  witness: { event: 2, step: 0, request: { collection: 'model-exchanges' }, page: { items: 24, first: 'cap-0001', last: 'cap-0233', cursor: 'offset:00000024' }, measure: 'retained-bytes', value: 922232, max: 262144 },
}

const runs: ResultRun[] = [
  run(pair.preFix, cases[0]!.id, { verdict: 'broken', contracts: [pageTooBig, { id: 'size/limit-is-upper-bound', exercised: true, verdict: 'held', evidence: '1 read within its limit', figures: { reads: 1 } }] }),
  run(pair.preFix, cases[1]!.id),
  run(pair.reference, cases[0]!.id),
  run(pair.reference, cases[1]!.id),
]

/** The reproduction of these runs, as `formatReproduction` gets it from the command. */
function reproduction(rows = sideBySide(cases, runs), extra: Partial<Reproduction> = {}): Reproduction {
  return { pair, rows, leftOut: [], verdict: reproductionVerdict(rows), outDir: 'reports/reproduce/analysis-result-budget', errors: [], ...extra }
}

describe('formatReproduction', () => {
  it('shows each case’s pre-fix verdict above the reference’s, with each broken contract’s message, witness and command', () => {
    expect(formatReproduction(reproduction(), 110)).toBe(
      [
        'analysis-result-budget — Analysis pagination can exceed the capability retained-result limit',
        'pre-fix pager/analysis-result-budget → reference pager/reference, 2 cases',
        'see docs/bugs.md#analysis-result-budget',
        '',
        'regressions/analysis-result-budget/default-read',
        '  A default read of the 40-exchange run returns a non-empty bounded page and a cursor',
        '  pre-fix    broken  size/page-fits-ceilings: the page read at event 2 (model-exchanges, limit default, cursor',
        '               null) measures retained-bytes 922232, over its ceiling 262144',
        '             witness {"event":2,"step":0,"request":{"collection":"model-exchanges"},"page":{"items":24,',
        '               "first":"cap-0001","last":"cap-0233",…},"measure":"retained-bytes","value":922232,"max":262144}',
        '             Reproduce with: npx contract-kit run --adapter pager/analysis-result-budget --scenario regressions/analysis-result-budget/default-read --no-expectations',
        '  reference  held',
        '',
        'regressions/analysis-result-budget/six-turns',
        '  The 6-turn run (5 exchanges) reads whole in one page',
        '  pre-fix    held',
        '  reference  held',
        '',
        'Reproduced: 1 of 2 cases broken on the pre-fix system, all 2 held on the reference.',
        'Reports in reports/reproduce/analysis-result-budget: results.json (every witness whole), histories/ (every',
        "  run's History).",
      ].join('\n'),
    )
  })

  it('under the reference’s held, the evidence of each contract the pre-fix system broke', () => {
    const evidence = '12 pages measured, the largest 241,003 of 262,144 retained-bytes'
    const fitted = { id: 'size/page-fits-ceilings', exercised: true, verdict: 'held' as const, evidence, figures: { pages: 12, largest: 241003, max: 262144 } }
    const rows = sideBySide(cases.slice(0, 1), [runs[0]!, run(pair.reference, cases[0]!.id, { contracts: [fitted, { ...fitted, id: 'size/limit-is-upper-bound', evidence: 'not shown' }] })])
    const text = formatReproduction(reproduction(rows), 110)
    expect(text).toContain('  reference  held  size/page-fits-ceilings held: 12 pages measured, the largest 241,003 of 262,144\n               retained-bytes')
    expect(text).not.toContain('not shown')
  })

  it('keeps every line but the commands within the width, from 80 to 120 columns', () => {
    for (const width of [80, 100, 120]) {
      const long = formatReproduction(reproduction(), width).split('\n').filter((l) => !l.trimStart().startsWith('Reproduce with:'))
      for (const line of long) expect(terminalColumns(line), `${width}: ${line}`).toBeLessThanOrEqual(width)
    }
  })

  it('shows what each side observed, an error with the last lines of stderr, and a run that left no result', () => {
    const rows = sideBySide(cases, [
      run(pair.preFix, cases[0]!.id, { verdict: 'error', error: { message: 'crashed: the process exited with code 1', stderr: 'one\n\ntwo\nthree\nfour\n' }, observed: { exitCode: 1 } }),
      run(pair.preFix, cases[1]!.id, { observed: { exitCode: 0, replyBytes: 4118 } }),
      run(pair.reference, cases[1]!.id, { observed: { exitCode: 0, replyBytes: 11392 } }),
    ])
    const text = formatReproduction(reproduction(rows, { errors: ['harness/suite/pager.suite.ts: could not load'] }), 110)
    expect(text).toContain(
      [
        '  pre-fix    error  error: crashed: the process exited with code 1',
        '             stderr: two',
        '             stderr: three',
        '             stderr: four',
        '             observed {"exitCode":1}',
        '             Reproduce with: npx contract-kit run --adapter pager/analysis-result-budget --scenario regressions/analysis-result-budget/default-read --no-expectations',
        '  reference  not run  no result: pager/reference left no outcome for this case (see the kit errors below)',
      ].join('\n'),
    )
    expect(text).toContain('  pre-fix    held  observed {"exitCode":0,"replyBytes":4118}\n  reference  held  observed {"exitCode":0,"replyBytes":11392}')
    expect(text).toContain('\nkit error: harness/suite/pager.suite.ts: could not load\nNot reproduced: the pre-fix system')
    expect(text).toContain('Not reproduced: the reference pager/reference did not hold 1 of 2 cases: default-read (not run).')
  })

  it('says why a run was untestable, and what an undecided contract could not decide', () => {
    const rows = sideBySide(cases.slice(0, 1), [
      run(pair.preFix, cases[0]!.id, { verdict: 'error', contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'unknown', reason: 'no page was read' }] }),
      run(pair.reference, cases[0]!.id, {
        verdict: 'untestable',
        contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'unknown', reason: 'not decided: the adapter failed (untestable)' }],
        error: { message: 'untestable: no Chromium found', stderr: '' },
        observed: { snapshotter: null },
      }),
    ])
    const text = formatReproduction(reproduction(rows), 110)
    expect(text).toContain('  pre-fix    error  size/page-fits-ceilings unknown: no page was read\n')
    expect(text).toContain('  reference  untestable  why: untestable: no Chromium found\n             Reproduce with: ')
  })

  it('shows the cases no pre-fix system covers apart, after the pairs, and names the ones left out', () => {
    const depth: BugCase = { id: 'regressions/plat-200/depth-flat-500-siblings', title: 'Depth is a no-op on the flat page', port: 'snapshotter', reference: 'snapshotter/built-in' }
    const rows = sideBySide([...cases, depth], [...runs, run('snapshotter/built-in', depth.id, { observed: { realDepth: 2 } })])
    const text = formatReproduction(reproduction(rows, { leftOut: [{ id: 'regressions/x/pages', port: 'pager' }] }), 110)
    const lines = text.split('\n')
    expect(lines.slice(1, 3)).toEqual(['pre-fix pager/analysis-result-budget → reference pager/reference, 2 cases; 1 more case on snapshotter/built-in', '  alone'])
    expect(text).toContain(
      [
        'No pre-fix system covers the snapshotter port: these cases characterize what the fix rests on, run against the',
        'reference alone.',
        '',
        'regressions/plat-200/depth-flat-500-siblings',
        '  Depth is a no-op on the flat page',
        '  reference  held  observed {"realDepth":2}',
        '',
        'Left out: regressions/x/pages (pager): no system of this bug offers their port.',
        'Reproduced: 1 of 2 cases broken on the pre-fix system, all 2 held on the reference; the 1 case no pre-fix',
        '  system covers held on snapshotter/built-in.',
      ].join('\n'),
    )
  })
})
