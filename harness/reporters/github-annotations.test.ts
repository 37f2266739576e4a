import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, test } from 'vitest'
import { githubAnnotations, writeGithubReport } from '#harness/reporters/github-annotations.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'

const cwd = process.cwd()
const base: Pick<RunOutcome, 'port' | 'system' | 'stale' | 'exercises'> = { port: 'pager', system: null, stale: [], exercises: ['size/page-fits-ceilings'] }
const run = (scenario: string, extra: Partial<RunOutcome>): RunOutcome => ({ ...base, adapter: 'pager/x', scenario, verdict: 'held', contracts: [], reproduce: `npx contract-kit run --adapter pager/x --scenario ${scenario}`, ...extra })
const results = runResults(
  [
    run('pager/fits', { verdict: 'held' }),
    run('pager/over', {
      verdict: 'broken',
      contracts: [
        { id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: 'page 2: 100% over, at 1,024: more\nthan fits', witness: {} },
        { id: 'recovery/first-page-reachable', exercised: true, verdict: 'broken', message: 'listed', witness: {}, expectedBy: { pattern: 'pager/over', reason: 'listed', source: 'x.txt:3' } },
      ],
    }),
    run('pager/crash', { verdict: 'error', error: { message: 'crashed: exit 1\nTraceback', stderr: '' } }),
    run('pager/fixed', { verdict: 'unexpected-held', stale: [{ pattern: 'pager/fixed:size/page-fits-ceilings', reason: 'fixed, maybe', source: join(cwd, 'p.known-failing.txt:7') }] }),
  ],
  ['a suite could not load'],
  (o) => `histories/${o.scenario}.json`,
)

describe('GitHub Actions annotations', () => {
  test('one ::error per run that broke, erred or held unexpectedly (in the order of the reports), on its scenario file; one per stale entry on its list and line; one per kit error — nothing for a run that held', () => {
    expect(githubAnnotations(results, join(cwd, 'scenarios'))).toEqual([
      '::error file=scenarios/pager/crash.yaml,title=pager/crash on pager/x%3A error::crashed: exit 1%0AReproduce with: npx contract-kit run --adapter pager/x --scenario pager/crash',
      '::error file=scenarios/pager/fixed.yaml,title=pager/fixed on pager/x%3A unexpected-held::held, where a known-failing entry expects it broken: remove the entry%0AReproduce with: npx contract-kit run --adapter pager/x --scenario pager/fixed',
      '::error file=p.known-failing.txt,line=7,title=stale known-failing entry%3A pager/fixed%3Asize/page-fits-ceilings::pager/fixed on pager/x: the entry excuses nothing that broke (fixed, maybe); remove it',
      '::error file=scenarios/pager/over.yaml,title=pager/over on pager/x%3A broken::size/page-fits-ceilings: page 2: 100%25 over, at 1,024: more%0Athan fits%0AReproduce with: npx contract-kit run --adapter pager/x --scenario pager/over',
      '::error title=contract-kit error::a suite could not load',
    ])
  })
  test('a scenario folder outside the working folder is named by its absolute path', () => {
    expect(githubAnnotations(results, '/elsewhere/scenarios')[0]).toMatch(/^::error file=\/elsewhere\/scenarios\/pager\/crash\.yaml,/)
  })
  test('the report prints them and appends summary.md to the file GITHUB_STEP_SUMMARY names, after what it held', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-kit-github-'))
    try {
      const stepSummary = join(dir, 'step-summary.md')
      writeFileSync(stepSummary, '# an earlier step\n')
      const printed: string[] = []
      writeGithubReport(results, { scenarioDir: join(cwd, 'scenarios'), summary: '# contract-kit: FAILED', env: { GITHUB_STEP_SUMMARY: stepSummary }, print: (line) => printed.push(line) })
      expect(printed).toHaveLength(5)
      expect(readFileSync(stepSummary, 'utf8')).toBe('# an earlier step\n# contract-kit: FAILED\n')
      writeGithubReport(results, { scenarioDir: join(cwd, 'scenarios'), summary: 'x\n', env: {}, print: () => {} }) // no step summary named: nothing appended
      expect(readFileSync(stepSummary, 'utf8')).toBe('# an earlier step\n# contract-kit: FAILED\n')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
