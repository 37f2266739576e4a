import { describe, expect, it } from 'vitest'
import { summaryMarkdown } from '#harness/reporters/summary-markdown.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { History } from '#harness/history/history.ts'

const history = {} as History
const base: Pick<RunOutcome, 'port' | 'system' | 'stale'> = { port: 'pager', system: null, stale: [] }
const reproduce = (adapter: string, scenario: string) => `npx contract-kit run --adapter ${adapter} --scenario ${scenario} --no-expectations`

const held = (adapter: string, scenario: string): RunOutcome => ({ ...base, adapter, scenario, verdict: 'held', contracts: [{ id: 'size/page-fits-ceilings', verdict: 'held' }], reproduce: reproduce(adapter, scenario) })

const broken = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'broken',
  contracts: [
    { id: 'size/page-fits-ceilings', verdict: 'broken', message: 'the page read at event 2 measures retained-bytes 922232, over its ceiling 262144', witness: {} },
    {
      id: 'recovery/first-page-reachable',
      verdict: 'broken',
      message: 'page 1 is unreachable',
      witness: {},
      expectedBy: { pattern: `${scenario}:recovery/first-page-reachable`, reason: 'listed', source: 'x.txt:3' },
    },
    { id: 'size/limit-is-upper-bound', verdict: 'held' },
  ],
  reproduce: reproduce(adapter, scenario),
  history,
})

const expected = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'expected-broken',
  contracts: [{ id: 'size/page-fits-ceilings', verdict: 'broken', message: 'over', witness: {}, expectedBy: { pattern: scenario, reason: 'listed', source: 'x.txt:3' } }],
  reproduce: reproduce(adapter, scenario),
  history,
})

const stale = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'unexpected-held',
  contracts: [{ id: 'size/page-fits-ceilings', verdict: 'held' }],
  stale: [{ pattern: `${scenario}:size/page-fits-ceilings`, reason: 'listed', source: 'x.known-failing.txt:7' }],
  reproduce: reproduce(adapter, scenario),
  history,
})

const error = (adapter: string, scenario: string): RunOutcome => ({
  ...base,
  adapter,
  scenario,
  verdict: 'error',
  contracts: [{ id: 'recovery/cursor-exactly-once', verdict: 'unknown', reason: 'no walk | ended' }],
  error: { message: 'protocol: a line on stdout\nthat is not JSON', stderr: '' },
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
  it('a passing run: the title, the counts and the table, no failure section', () => {
    const md = summary([held('pager/reference', 's/a'), expected('pager/analysis-result-budget', 's/a'), held('pager/reference', 's/b')])
    expect(md).toBe(
      [
        '# contract-kit: passed',
        '',
        '3 runs: 2 held, 1 expected-broken, 0 broken, 0 unexpected-held, 0 error, 0 untestable.',
        '',
        '| scenario | pager/analysis-result-budget | pager/reference |',
        '|---|---|---|',
        '| s/a | ☑️ expected-broken | ✅ held |',
        '| s/b | — | ✅ held |',
        '',
        '',
      ].join('\n'),
    )
  })

  it('a failing run: FAILED, a mark per verdict in the table', () => {
    const md = summary([held('a', 's/1'), broken('a', 's/2'), stale('a', 's/3'), error('a', 's/4')])
    expect(md.split('\n')[0]).toBe('# contract-kit: FAILED')
    expect(md).toContain('4 runs: 1 held, 0 expected-broken, 1 broken, 1 unexpected-held, 1 error, 0 untestable.')
    expect(md).toContain('| s/1 | ✅ held |\n| s/2 | ❌ broken |\n| s/3 | ⚠️ unexpected-held |\n| s/4 | 💥 error |')
  })

  it('a broken run: its unlisted broken contracts (not the expected ones), its History and how to reproduce it', () => {
    const md = summary([broken('pager/analysis-result-budget', 'regressions/x/default-read')])
    expect(md).toContain('## Failures\n')
    expect(section(md, '### regressions/x/default-read on pager/analysis-result-budget: broken')).toEqual([
      '### regressions/x/default-read on pager/analysis-result-budget: broken',
      '',
      '- **size/page-fits-ceilings** broken: the page read at event 2 measures retained-bytes 922232, over its ceiling 262144',
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
    expect(lines).toContain('- stale known-failing entry `s/x:size/page-fits-ceilings` (x.known-failing.txt:7): it held')
    expect(lines).toContain('Reproduce with:')
  })

  it('an error run gives the error and each undecided contract, each on one line with | escaped', () => {
    const lines = section(summary([error('a', 's/x')]), '### s/x on a: error')
    expect(lines).toContain('- **recovery/cursor-exactly-once** unknown: no walk \\| ended')
    expect(lines).toContain('- error: protocol: a line on stdout that is not JSON')
    expect(lines).toContain('Reproduce with:')
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
    expect(empty).toContain('0 runs: ')
    expect(empty).not.toContain('| scenario |')
  })

  it('lists known-flaky runs: how often each ran, and the entry that excused it', () => {
    const retried: RunOutcome = { ...held('impl', 's/x'), attempts: ['expected-broken', 'held'] }
    const excused: RunOutcome = {
      ...expected('impl', 's/y'),
      attempts: ['expected-broken', 'expected-broken', 'expected-broken'],
      contracts: [{ id: 'size/page-fits-ceilings', verdict: 'broken', message: 'over', witness: {}, expectedBy: { pattern: 's/y', reason: 'flaky on CI', source: 'impl.yaml:12', kind: 'flaky' } }],
    }
    const md = summary([retried, excused])
    expect(md).toContain('| s/x | ✅ held (2 attempts) |')
    expect(md).toContain('## Known flaky\n\n- s/x on impl: held, ran 2 times (expected-broken, held)\n- s/y on impl: expected-broken, ran 3 times (expected-broken, expected-broken, expected-broken); excused by `s/y` (impl.yaml:12)\n')
    expect(summary([held('impl', 's/x')])).not.toContain('## Known flaky')
  })
})
