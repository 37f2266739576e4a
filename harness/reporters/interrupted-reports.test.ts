import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runResults } from '#harness/reporters/run-results.ts'
import { junitXml } from '#harness/reporters/junit-xml.ts'
import { summaryMarkdown } from '#harness/reporters/summary-markdown.ts'
import { writeReports } from '#harness/reporters/write-reports.ts'
import { claimReportFolder } from '#harness/runner/report-folder.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'

const held = (scenario: string): RunOutcome => ({
  scenario,
  adapter: 'pager/reference',
  port: 'pager',
  system: null,
  verdict: 'held',
  exercises: [],
  contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'held', evidence: '1 page measured', figures: {} }],
  stale: [],
  reproduce: `npx contract-kit run --adapter pager/reference --scenario ${scenario}`,
})

const notRun = [
  { adapter: 'pager/reference', scenario: 'pager/b', reproduce: 'npx contract-kit run --adapter pager/reference --scenario pager/b' },
  { adapter: 'a<&>"', scenario: 'pager/c', reproduce: 'npx contract-kit run --adapter … --scenario pager/c' },
]
const interrupted = runResults([held('pager/a')], [], () => '', undefined, { signal: 'SIGINT', notRun })

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-interrupted-reports-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

describe('reports of an interrupted run', () => {
  it('results.json: interrupted, by which signal, the runs not run (sorted), and never passed', () => {
    expect(interrupted).toMatchObject({ interrupted: true, interruptedBy: 'SIGINT', passed: false, counts: { runs: 1, held: 1 } })
    expect(interrupted.notRun!.map((r) => r.adapter)).toEqual(['a<&>"', 'pager/reference'])
    const whole = runResults([held('pager/a')], [], () => '')
    expect(whole).not.toHaveProperty('interrupted')
    expect(whole).not.toHaveProperty('notRun')
    expect(whole.passed).toBe(true)
  })

  it('summary.md: the interrupted line, then the runs not run, each with its command', () => {
    const text = summaryMarkdown(interrupted)
    expect(text).toMatch(/^# contract-kit: INTERRUPTED\n\n\*\*Interrupted by SIGINT: 2 of 3 runs did not run\.\*\*/)
    expect(text).toContain('## Not run\n\n- pager/c on a&lt;&amp;&gt;"')
    expect(text).toContain('- pager/b on pager/reference: `npx contract-kit run --adapter pager/reference --scenario pager/b`')
  })

  it('junit.xml: each run not run is a skipped test case with the message, counted', () => {
    const xml = junitXml(interrupted)
    expect(xml).toMatch(/<testsuites name="contract-kit" tests="3" failures="0" errors="0" skipped="2">/)
    expect(xml).toContain('<testsuite name="not run (interrupted by SIGINT)" tests="2" failures="0" errors="0" skipped="2">')
    expect(xml).toContain('<testcase classname="a&lt;&amp;&gt;&quot;" name="pager/c">\n      <skipped message="not run: the run was interrupted by SIGINT"/>')
    expect(junitXml(runResults([held('pager/a')], [], () => ''))).not.toContain('skipped')
  })

  it('a run claims its reports folder: the reports of an earlier one go at once, a marker says a run is writing, and nothing else is touched', () => {
    const out = join(folder, 'claimed')
    mkdirSync(join(out, 'histories', 'x'), { recursive: true })
    for (const name of ['results.json', 'junit.xml', 'summary.md', 'matrix.html', 'matrix.png', 'histories/x/y.json', 'README.md']) writeFileSync(join(out, name), 'earlier\n')
    const claim = claimReportFolder(out)
    expect(readdirSync(out).sort()).toEqual(['.in-progress', 'README.md'])
    writeReports(out, [held('pager/a')], [], undefined, { signal: 'SIGTERM', notRun })
    claim.done()
    expect(readdirSync(out).sort()).toEqual(['README.md', 'junit.xml', 'matrix.html', 'results.json', 'summary.md'])
    expect(JSON.parse(readFileSync(join(out, 'results.json'), 'utf8'))).toMatchObject({ interrupted: true, interruptedBy: 'SIGTERM' })
    claimReportFolder(out).abandon() // a run aborted by a second signal leaves no report
    expect(readdirSync(out)).toEqual(['README.md'])
  })
})
