import { describe, expect, it } from 'vitest'
import { summaryMarkdown } from '#harness/reporters/summary-markdown.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { History } from '#harness/history/history.ts'

const history = {} as History
const base: Pick<RunOutcome, 'port' | 'system' | 'stale' | 'exercises'> = { port: 'pager', system: null, stale: [], exercises: ['size/page-fits-ceilings'] }
const reproduce = (adapter: string, scenario: string) => `npx contract-kit run --adapter ${adapter} --scenario ${scenario} --no-expectations`
const fitsHeld: ContractOutcome = { id: 'size/page-fits-ceilings', exercised: true, verdict: 'held', evidence: '3 pages measured, the largest 241,003 of 262,144 retained-bytes', figures: { pages: 3, largest: 241003, max: 262144 } }

const held = (adapter: string, scenario: string): RunOutcome => ({ ...base, adapter, scenario, verdict: 'held', contracts: [fitsHeld], reproduce: reproduce(adapter, scenario) })

const broken = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'broken',
  contracts: [
    { id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: 'the page read at event 2 measures retained-bytes 922232, over its ceiling 262144', witness: { event: 2, measure: 'retained-bytes', value: 922232, max: 262144 } },
    {
      id: 'recovery/first-page-reachable',
      exercised: true,
      verdict: 'broken',
      message: 'page 1 is unreachable',
      witness: {},
      expectedBy: { pattern: `${scenario}:recovery/first-page-reachable`, reason: 'listed', source: 'x.txt:3' },
    },
    { id: 'size/limit-is-upper-bound', exercised: true, verdict: 'held', evidence: '1 read of limit 100 answered 4 items', figures: { reads: 1, items: 4 } },
  ],
  reproduce: reproduce(adapter, scenario),
  history,
})

const expected = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'expected-broken',
  contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: 'over', witness: {}, expectedBy: { pattern: scenario, reason: 'listed', source: 'x.txt:3' } }],
  reproduce: reproduce(adapter, scenario),
  history,
})

const stale = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'unexpected-held',
  contracts: [fitsHeld],
  stale: [{ pattern: `${scenario}:size/page-fits-ceilings`, reason: 'listed', source: 'x.known-failing.txt:7' }],
  reproduce: reproduce(adapter, scenario),
  history,
})

const error = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'error',
  exercises: ['recovery/cursor-exactly-once', 'size/page-fits-ceilings'],
  contracts: [
    { id: 'size/page-fits-ceilings', exercised: true, verdict: 'unknown', reason: 'not judged: the adapter failed (protocol) before the scenario ended' },
    { id: 'recovery/cursor-exactly-once', exercised: true, verdict: 'unknown', reason: 'not judged: the adapter failed (protocol) before the scenario ended' },
    { id: 'size/limit-is-upper-bound', exercised: false, verdict: 'unknown', reason: 'not judged: the adapter failed (protocol) before the scenario ended' },
  ],
  error: { message: 'protocol: a line on stdout\nthat is not JSON | not a reply', stderr: '' },
  reproduce: reproduce(adapter, scenario),
  history,
})

const summary = (outcomes: RunOutcome[], errors: string[] = []) => summaryMarkdown(runResults(outcomes, errors, (o) => `histories/${o.adapter}/${o.scenario}.json`))

/** The lines of the section that starts with `heading`, up to the next `###` heading. */
function section(markdown: string, heading: string): string[] {
  const lines = markdown.split('\n')
  const start = lines.indexOf(heading)
  expect(start, `no section ${heading}`).toBeGreaterThanOrEqual(0)
  const end = lines.findIndex((l, i) => i > start && l.startsWith('### '))
  return lines.slice(start, end < 0 ? undefined : end)
}

describe('summaryMarkdown', () => {
  it('a passing run: the title, the counts, the run table and the contract table, no failure section', () => {
    const md = summary([held('pager/reference', 's/a'), expected('pager/analysis-result-budget', 's/a'), held('pager/reference', 's/b')])
    expect(md).toBe(
      [
        '# contract-kit: passed',
        '',
        '3 runs at time scale 1: 2 held, 1 expected-broken, 0 broken, 0 unexpected-held, 0 error, 0 untestable.',
        '3 contract results (3 exercised): 2 held, 1 broken, 0 not-applicable, 0 unknown.',
        '',
        '| scenario | pager/analysis-result-budget | pager/reference |',
        '|---|---|---|',
        '| s/a | ☑️ expected-broken | ✅ held |',
        '| s/b | — | ✅ held |',
        '',
        '## Contracts',
        '',
        'Each cell: the runs where the contract held, with evidence, of the runs that judged it; `n/a`: runs whose scenario gave it nothing to judge, never counted as held.',
        '',
        'Port `pager`:',
        '',
        '| contract | pager/analysis-result-budget | pager/reference |',
        '|---|---|---|',
        '| size/page-fits-ceilings | ☑️ 0/1 held, 1 expected-broken | ✅ 2/2 held |',
        '',
        '',
      ].join('\n'),
    )
  })

  it('shows not-applicable contracts as such, counted apart and never as held, with why each had nothing to judge', () => {
    const walk = 'recovery/cursor-exactly-once'
    const noWalk: ContractOutcome = { id: walk, exercised: false, verdict: 'not-applicable', reason: 'the scenario makes no walk' }
    const walked: ContractOutcome = { id: walk, exercised: true, verdict: 'held', evidence: '1 walk of 40 items, each once, in order', figures: { walks: 1, items: 40 } }
    const md = summary([
      { ...held('pager/reference', 's/a'), contracts: [fitsHeld, noWalk] },
      { ...held('pager/reference', 's/b'), contracts: [fitsHeld, noWalk] },
      { ...held('pager/other', 's/a'), contracts: [fitsHeld, noWalk] },
      { ...held('pager/other', 's/c'), contracts: [fitsHeld, walked] },
    ])
    expect(md).toContain('8 contract results (5 exercised): 5 held, 0 broken, 3 not-applicable, 0 unknown.')
    expect(md).toContain(
      [
        '| contract | pager/other | pager/reference |',
        '|---|---|---|',
        '| size/page-fits-ceilings | ✅ 2/2 held | ✅ 2/2 held |',
        '| recovery/cursor-exactly-once | ✅ 1/1 held, 1 n/a | ➖ n/a, 2 runs, nothing to judge |',
        '',
        '<details><summary>Not applicable in port pager: why each contract had nothing to judge (1 reason)</summary>',
        '',
        '- **recovery/cursor-exactly-once** in `s/a`, `s/b`: the scenario makes no walk',
        '',
        '</details>',
        '',
      ].join('\n'),
    )
    expect(md).not.toContain('## Failures')
  })

  it('names the adapters of a not-applicable reason only when not every adapter of the port gave it', () => {
    const na = (reason: string): ContractOutcome => ({ id: 'recovery/cursor-exactly-once', exercised: false, verdict: 'not-applicable', reason })
    const md = summary([
      { ...held('pager/reference', 's/a'), contracts: [fitsHeld, na('no walk')] },
      { ...held('pager/other', 's/a'), contracts: [fitsHeld, na('no walk: the first read failed')] },
    ])
    expect(md).toContain('- **recovery/cursor-exactly-once** in `s/a` on `pager/other`: no walk: the first read failed\n- **recovery/cursor-exactly-once** in `s/a` on `pager/reference`: no walk\n')
  })

  it('a failing run: FAILED, a mark per verdict in the table', () => {
    const md = summary([held('a', 's/1'), broken('a', 's/2'), stale('a', 's/3'), error('a', 's/4')])
    expect(md.split('\n')[0]).toBe('# contract-kit: FAILED')
    expect(md).toContain('4 runs at time scale 1: 1 held, 0 expected-broken, 1 broken, 1 unexpected-held, 1 error, 0 untestable.')
    expect(md).toContain('| s/1 | ✅ held |\n| s/2 | ❌ broken |\n| s/3 | ⚠️ unexpected-held |\n| s/4 | 💥 error |')
  })

  it('a broken run: its unlisted broken contracts (not the expected ones), its History and how to reproduce it', () => {
    const md = summary([broken('pager/analysis-result-budget', 'regressions/x/default-read')])
    expect(md).toContain('## Failures\n')
    expect(section(md, '### regressions/x/default-read on pager/analysis-result-budget: broken')).toEqual([
      '### regressions/x/default-read on pager/analysis-result-budget: broken',
      '',
      '- **size/page-fits-ceilings** broken: the page read at event 2 measures retained-bytes 922232, over its ceiling 262144',
      '  - witness: `{"event":2,"measure":"retained-bytes","value":922232,"max":262144}`',
      '- History: `histories/pager/analysis-result-budget/regressions/x/default-read.json`',
      '',
      'Reproduce with:',
      '',
      '```sh',
      'npx contract-kit run --adapter pager/analysis-result-budget --scenario regressions/x/default-read --no-expectations',
      '```',
      '',
      '',
    ])
  })

  it('a stale run names the entry and where it is written', () => {
    const lines = section(summary([stale('a', 's/x')]), '### s/x on a: unexpected-held')
    expect(lines).toContain('- stale known-failing entry `s/x:size/page-fits-ceilings` (x.known-failing.txt:7): it excuses nothing that broke')
    expect(lines).toContain('Reproduce with:')
  })

  it('an adapter failure gives the error and the exercised contracts it left unjudged, on one line each, with | escaped', () => {
    const lines = section(summary([error('a', 's/x')]), '### s/x on a: error')
    expect(lines.filter((l) => l.startsWith('- '))).toEqual([
      '- **size/page-fits-ceilings**, **recovery/cursor-exactly-once** unknown (exercised): not judged: the adapter failed (protocol) before the scenario ended',
      '- error: protocol: a line on stdout that is not JSON \\| not a reply',
      '- History: `histories/a/s/x.json`',
    ])
    expect(lines).toContain('Reproduce with:')
  })

  it('an exercised contract left unjudged shows its reason once (the run error that only repeats it is left out)', () => {
    const unjudged: RunOutcome = {
      ...held('a', 's/x'),
      verdict: 'error',
      exercises: ['size/page-fits-ceilings', 'recovery/cursor-exactly-once'],
      contracts: [fitsHeld, { id: 'recovery/cursor-exactly-once', exercised: true, verdict: 'not-applicable', reason: 'the walk never started' }],
      error: { message: 'recovery/cursor-exactly-once is exercised by this scenario but came back not-applicable: the walk never started', stderr: '' },
      history,
    }
    const lines = section(summary([unjudged]), '### s/x on a: error')
    expect(lines.filter((l) => l.startsWith('- '))).toEqual(['- **recovery/cursor-exactly-once** not-applicable (exercised): the walk never started', '- History: `histories/a/s/x.json`'])
  })

  it('an untestable run says why, once', () => {
    const untestable: RunOutcome = {
      ...error('a', 's/x'),
      verdict: 'untestable',
      contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'unknown', reason: 'not judged: the scenario could not run on this connection (no stderr)' }],
      error: { message: 'untestable: the connection cannot observe stderr', stderr: '' },
    }
    const lines = section(summary([untestable]), '### s/x on a: untestable')
    expect(lines).toContain('- untestable: the connection cannot observe stderr')
  })

  it('a witness is one code span, cut when long, fenced past any backtick it holds', () => {
    const run = broken('a', 's/x')
    const witness = { printed: 'a `tick` and ``two``', long: 'x'.repeat(1000) }
    const md = summary([{ ...run, contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: 'm', witness }] }])
    const line = md.split('\n').find((l) => l.startsWith('  - witness: '))!
    expect(line.startsWith('  - witness: ``` {"printed":"a `tick` and ``two``","long":"xxx')).toBe(true)
    expect(line.endsWith('xxx… ```')).toBe(true)
    expect(line.length).toBeLessThan(440)
  })

  it('no failure section for expected-broken runs', () => {
    expect(summary([expected('a', 's/x')])).not.toContain('## Failures')
  })

  it('escapes | in table cells', () => {
    const md = summary([held('stdio:impl | tee log', 's/x')])
    expect(md).toContain('| scenario | stdio:impl \\| tee log |')
  })

  it('lists errors outside any run, and a run with none is FAILED, never green', () => {
    const md = summary([held('a', 's/x')], ['harness/suite/pager.suite.ts: boom'])
    expect(md.split('\n')[0]).toBe('# contract-kit: FAILED')
    expect(md).toContain('## Kit errors\n\n- harness/suite/pager.suite.ts: boom')
    const empty = summary([])
    expect(empty.split('\n')[0]).toBe('# contract-kit: FAILED')
    expect(empty).toContain('0 runs at time scale 1: ')
    expect(empty).not.toContain('| scenario |')
  })

  it('lists known-flaky runs: how often each ran, and the entry that excused it', () => {
    const retried: RunOutcome = { ...held('impl', 's/x'), attempts: ['expected-broken', 'held'] }
    const excused: RunOutcome = {
      ...expected('impl', 's/y'),
      attempts: ['expected-broken', 'expected-broken', 'expected-broken'],
      contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: 'over', witness: {}, expectedBy: { pattern: 's/y', reason: 'flaky on CI', source: 'impl.yaml:12', kind: 'flaky' } }],
    }
    const md = summary([retried, excused])
    expect(md).toContain('| s/x | ✅ held (2 attempts) |')
    expect(md).toContain('## Known flaky\n\n- s/x on impl: held, ran 2 times (expected-broken, held)\n- s/y on impl: expected-broken, ran 3 times (expected-broken, expected-broken, expected-broken); excused by `s/y` (impl.yaml:12)\n')
    expect(summary([held('impl', 's/x')])).not.toContain('## Known flaky')
  })

  it('a run settled by running it again: the scale of the deciding attempt in the table, and every attempt with its reason', () => {
    const why = 'recovery/transient-read-retried is exercised by this scenario but came back unknown: the first frame came late'
    const settled: RunOutcome = { ...held('impl', 's/late'), timeScale: 2, settling: [{ attempt: 1, timeScale: 1, verdict: 'error', reason: why, history }, { attempt: 2, timeScale: 2, verdict: 'held' }] }
    const md = summaryMarkdown(runResults([settled], [], (o, attempt) => `histories/${o.adapter}/${o.scenario}${attempt ? `.attempt-${attempt}` : ''}.json`, undefined, undefined, 1))
    expect(md).toContain('| s/late | ✅ held (attempt 2, scale 2) |')
    expect(md).toContain(`## Run again because of time`)
    expect(md).toContain(`- s/late on impl: settled on attempt 2 at scale 2 (held) — attempt 1 (scale 1): error: ${why}`)
    const still: RunOutcome = { ...error('impl', 's/never'), timeScale: 4, settling: [1, 2, 4].map((scale, i) => ({ attempt: i + 1, timeScale: scale, verdict: 'error' as const, reason: `late ${i + 1}` })) }
    expect(summary([still])).toContain('- s/never on impl: still inconclusive after attempt 3 at scale 4 — attempt 1 (scale 1): error: late 1; attempt 2 (scale 2): error: late 2')
    expect(summary([held('impl', 's/x')])).not.toContain('Run again')
  })

  it('an exploration: the seed, the cases and the scenario file of what it found, per adapter and port', () => {
    const explorations = [
      { adapter: 'pager/reference', port: 'pager', seed: 7, runs: 100, cases: 100, interrupted: false },
      { adapter: 'pager/analysis-result-budget', port: 'pager', seed: 7, runs: 100, cases: 12, interrupted: false, found: { file: 'scenarios/found/pager/x.yaml', scenario: 'found/pager/x', reproduce: 'npx contract-kit run …' } },
    ]
    const text = summaryMarkdown(runResults([broken('pager/analysis-result-budget', 'found/pager/x')], [], () => 'h.json', explorations))
    expect(text).toContain('## Exploration\n\n| adapter | port | seed | cases | found |\n|---|---|---|---|---|\n| pager/reference | pager | 7 | 100 of 100 | ✅ nothing |\n| pager/analysis-result-budget | pager | 7 | 12 of 100 | ❌ `scenarios/found/pager/x.yaml` |')
    expect(text.startsWith('# contract-kit: FAILED')).toBe(true)
  })

  it('an exploration whose case held replayed alone: the case it failed at, no file, and the run is FAILED', () => {
    const explorations = [{ adapter: 'stdio:./pager', port: 'pager', seed: 3, runs: 100, cases: 9, interrupted: false, found: { alone: 'held' as const, at: 4, reproduce: 'npx contract-kit explore --adapter stdio:./pager --port pager --seed 3 --runs 4' } }]
    const text = summaryMarkdown(runResults([], [], () => 'h.json', explorations))
    expect(text).toContain('| stdio:./pager | pager | 3 | 9 of 100 | ❌ at case 4, held replayed alone: it needs the cases before it |')
    expect(text.startsWith('# contract-kit: FAILED')).toBe(true)
  })
})
