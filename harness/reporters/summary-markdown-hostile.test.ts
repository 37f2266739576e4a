import { describe, expect, it } from 'vitest'
import { summaryMarkdown } from '#harness/reporters/summary-markdown.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { History } from '#harness/history/history.ts'

const history = {} as History
const base: Pick<RunOutcome, 'port' | 'system' | 'stale' | 'exercises'> = { port: 'pager', system: null, stale: [], exercises: ['size/page-fits-ceilings'] }
const summary = (outcomes: RunOutcome[], errors: string[] = []) => summaryMarkdown(runResults(outcomes, errors, (o) => `histories/${o.adapter}/${o.scenario}.json`))

describe('summaryMarkdown never carries a payload from an implementation', () => {
  const hostile = 'x <script>alert(1)</script> <img src=x onerror=alert(2)> <svg onload=alert(3)> [click](javascript:alert(4)) ![p](http://t.example/p.png) | cell \u001b[31mred\u0007 & done'
  const outcome: RunOutcome = {
    ...base,
    adapter: 'stdio:./impl',
    scenario: 'pager/x',
    verdict: 'broken',
    contracts: [{ id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: hostile, witness: { said: hostile } }],
    error: { message: hostile, stderr: hostile },
    reproduce: 'npx contract-kit run --adapter \'stdio:./impl ```\' --scenario pager/x',
    history,
  } as RunOutcome
  const markdown = summary([outcome], [hostile])

  it('escapes HTML, link and image brackets and control characters in every message, error and kit error', () => {
    // outside the witness's code span, whose text GitHub shows as it is
    const text = markdown.split('\n').filter((line) => !/^\s+- witness: `/.test(line)).join('\n')
    expect(text).toContain(hostile.slice(0, 1)) // the hostile message is there, escaped
    expect(text).not.toMatch(/<(script|img|svg)\b/i)
    expect(text).not.toMatch(/(?<!\\)\]\(javascript:|!\[p(?<!\\)\]\(/) // a link or an image only where its brackets are not escaped
    expect(markdown).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
    expect(markdown).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(markdown).toContain('\\u{1b}[31mred\\u{7}'.replace('[', '\\['))
  })

  it('keeps the witness in a code span, and the reproduce command in a fence its own backticks cannot close', () => {
    expect(markdown).toMatch(/witness: `+ ?\{"said":"x <script>/)
    expect(markdown).toContain("````sh\nnpx contract-kit run --adapter 'stdio:./impl ```' --scenario pager/x\n````")
  })
})
