import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import type { TestCase } from 'vitest/node'
import { KitReporter } from '#harness/reporters/kit-reporter.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { History } from '#harness/history/history.ts'

// One hostile run fed through every reporter the kit writes or prints: the terminal lines, summary.md, junit.xml and
// results.json. What an implementation wrote may hold HTML, Markdown links, terminal escape sequences (recolour,
// retitle, clear the screen), C1 controls, bidi overrides and characters XML forbids; none may act as such anywhere.

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-hostile-reporters-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const payload = 'x <script>alert(1)</script> <img src=x onerror=alert(2)> [c](javascript:alert(3)) \u001b]0;owned\u0007\u001b[2J\u009b31m \u202eevil\u2066 \u0000\ud800 end'
const outcome = {
  port: 'pager',
  system: null,
  stale: [],
  exercises: ['size/page-fits-ceilings'],
  adapter: 'stdio:./impl',
  scenario: 'pager/x',
  verdict: 'broken',
  contracts: [
    { id: 'size/page-fits-ceilings', exercised: true, verdict: 'broken', message: payload, witness: { said: payload } },
    { id: 'size/limit-is-upper-bound', exercised: true, verdict: 'unknown', reason: payload },
  ],
  error: { message: payload, stderr: payload },
  reproduce: 'npx contract-kit run --adapter stdio:./impl --scenario pager/x',
  history: {} as History,
} as unknown as RunOutcome

/** The terminal's escape and control characters, C1 included, and the bidi overrides and isolates. */
const obeyedByTerminals = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/

describe('every reporter shows what an implementation wrote, and never lets it act', () => {
  const printed: string[] = []
  const log = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')))
  const reporter = new KitReporter(folder)
  reporter.onTestCaseResult({ meta: () => ({ kit: outcome }), result: () => ({ state: 'failed' }) } as unknown as TestCase)
  reporter.onTestRunEnd([], [])
  log.mockRestore()
  const terminal = printed.join('\n')

  it('the terminal: every escape sequence, control character and bidi override shown as \\u{…}', () => {
    expect(terminal).toContain('size/page-fits-ceilings broken: x <script>')
    expect(terminal).toContain('\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{9b}31m \\u{202e}evil\\u{2066} \\u{0}\\u{d800} end')
    expect(terminal).not.toMatch(obeyedByTerminals)
  })

  it('summary.md: no raw HTML, no live link, no control character', () => {
    const summary = readFileSync(join(folder, 'summary.md'), 'utf8')
    const outsideWitness = summary.split('\n').filter((line) => !/^\s+- witness: `/.test(line)).join('\n')
    expect(outsideWitness).not.toMatch(/<(script|img)\b/i)
    expect(outsideWitness).not.toMatch(/(?<!\\)\]\(javascript:/)
    expect(summary).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/)
  })

  it('junit.xml: only characters XML allows, the payload escaped', () => {
    const xml = readFileSync(join(folder, 'junit.xml'), 'utf8')
    expect(xml).not.toMatch(/[^\t\n\r\u{20}-\u{d7ff}\u{e000}-\u{fffd}\u{10000}-\u{10ffff}]/u)
    expect(xml).not.toMatch(/<(script|img)\b/i)
    expect(xml).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('results.json: the payload kept whole, as JSON escapes', () => {
    const text = readFileSync(join(folder, 'results.json'), 'utf8')
    expect(text).not.toMatch(/[\u0000-\u001f](?<![\n])/)
    expect(JSON.parse(text).runs[0].contracts[0].message).toBe(payload)
  })
})
