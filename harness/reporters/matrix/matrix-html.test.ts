import { describe, expect, it } from 'vitest'
import { matrixHtml } from '#harness/reporters/matrix/matrix-html.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import { cell, fits, held, history, issue, limit, notApplicable, over, prefix, reachable, reference, results, run, witnessOf } from '#harness/reporters/matrix/__test-helpers__/matrix-runs.ts'

describe('matrixHtml', () => {
  it('says an interrupted run was interrupted: its title and heading, by what, and each run that did not run, escaped', () => {
    const notRun = [{ adapter: reference, scenario: 'regressions/a/<b>late</b>', reproduce: 'npx contract-kit run --scenario "<b>"' }]
    const interrupted = runResults([run(reference, 'regressions/a/default-read', [held(fits)])], [], (o) => historyFileName(o.adapter, o.scenario), undefined, { signal: 'SIGINT', notRun })
    const html = matrixHtml(interrupted)
    expect(html).toContain('<title>contract-kit matrix: INTERRUPTED</title>')
    expect(html).toMatch(/<h1>contract-kit matrix: <span class="failed">INTERRUPTED<\/span><\/h1>/)
    expect(html).toContain('Interrupted by SIGINT: 1 of 2 runs did not run.')
    expect(html).toContain('<li>regressions/a/&lt;b&gt;late&lt;/b&gt; on pager/reference: <code>npx contract-kit run --scenario &quot;&lt;b&gt;&quot;</code></li>')
    expect(matrixHtml(issue)).not.toContain('INTERRUPTED')
  })

  it('is one self-contained page: inline style, no script, nothing loaded, a policy that forbids scripts', () => {
    const html = matrixHtml(issue)
    expect(html).toMatch(/^<!doctype html>\n/)
    expect(html).toContain('<style>')
    expect(html).not.toMatch(/<script|<link|<img|<iframe|src=|https?:\/\//i)
    expect(html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src 'none'; script-src 'none'`)
  })

  it('has a row per adapter and a column per judged contract, grouped by family in the kit order', () => {
    const html = matrixHtml(issue)
    const rows = [...html.matchAll(/<tr data-adapter="([^"]+)">/g)].map((m) => m[1])
    expect(rows).toEqual([prefix, reference])
    const families = [...html.matchAll(/<th class="family" colspan="(\d)"[^>]*>([^<]+)</g)].map((m) => `${m[2]}:${m[1]}`)
    expect(families).toEqual(['size:2', 'recovery:1'])
    const columns = [...html.matchAll(/<th class="contract"[^>]*>([^<]+)</g)].map((m) => m[1])
    expect(columns).toEqual(['page-fits-ceilings', 'limit-is-upper-bound', 'first-page-reachable'])
    expect(html).toContain('port <code>pager</code>: 2 adapters × 3 contracts')
  })

  it('counts each cell: held, broken, not run', () => {
    const html = matrixHtml(issue)
    expect(cell(html, reference, fits)).toContain('data-state="held"')
    expect(cell(html, reference, fits)).toContain('<span class="tally">2/2 held</span>')
    expect(cell(html, prefix, fits)).toContain('data-state="broken"')
    expect(cell(html, prefix, fits)).toMatch(/<span class="tally">1\/3 held<\/span><span class="more">2 broken<\/span>/)
    expect(cell(html, prefix, reachable)).toContain('<span class="tally">0/1 held</span>')
    expect(cell(html, reference, reachable)).toContain('1/1 held')
    const notRun = results([run(reference, 'x', [held(fits)]), run(prefix, 'y', [held(limit)])])
    expect(cell(matrixHtml(notRun), reference, limit)).toMatch(/data-state="not-run"[^>]*><span class="open">—<\/span><\/td>/)
  })

  it("draws a size witness's largest value against its ceiling, red when over (ties: the first scenario)", () => {
    const html = matrixHtml(issue)
    const broken = cell(html, prefix, fits)
    expect(broken).toContain('<span class="gauge over"')
    expect(broken).toContain('<span class="gauge-text">922,232 / 262,144 retained-bytes</span>')
    expect(broken).toContain('<span class="fill" style="width:100%"></span><span class="ceiling" style="left:28.4%"></span>')
    expect(cell(html, prefix, reachable)).not.toContain('gauge')
    const bigger = matrixHtml(results([run(prefix, 'a', [over(300000, 262144)]), run(prefix, 'b', [over(922232, 1000000)])]))
    expect(cell(bigger, prefix, fits)).toContain('922,232 / 1,000,000 retained-bytes')
    expect(cell(bigger, prefix, fits)).toMatch(/<span class="gauge" [^>]*>.*<span class="fill" style="width:92.2%"><\/span><span class="ceiling" style="left:100%">/)
  })

  it('links each cell to its witness on the page and to its worst run’s History', () => {
    const html = matrixHtml(issue)
    const broken = cell(html, prefix, fits)
    expect(broken).toContain('<a class="history" href="histories/pager.analysis-result-budget/regressions/a/default-read.json"')
    const witness = witnessOf(html, broken)
    expect(witness).toContain('<code>size/page-fits-ceilings</code> on <code>pager/analysis-result-budget</code>')
    expect(witness).toContain('Every page the implementation returns') // the contract's statement
    expect(witness).toContain('the page read at event 2 measures retained-bytes 922232, over its ceiling 262144')
    expect(witness).toContain('&quot;measure&quot;: &quot;retained-bytes&quot;,\n  &quot;value&quot;: 922232,\n  &quot;max&quot;: 262144')
    expect(witness).toContain('run verdict: <strong>broken</strong>')
    expect(witness).toContain(`Reproduce with: <code>npx contract-kit run --adapter ${prefix} --scenario regressions/a/default-read --no-expectations</code>`)
    expect(witness).toContain('<a class="history" href="histories/pager.analysis-result-budget/regressions/a/oversized.json">')
    expect(witness).toContain('<article class="run s-held" data-scenario="regressions/a/limit-one">') // the run where it held, with its evidence
    expect(witness).toContain('<p class="evidence">size/page-fits-ceilings seen</p>')
    expect(witness.indexOf('regressions/a/default-read')).toBeLessThan(witness.indexOf('regressions/a/oversized'))
    // every cell's anchor is unique
    const anchors = [...html.matchAll(/<section class="witness" id="([^"]+)"/g)].map((m) => m[1])
    expect(new Set(anchors).size).toBe(anchors.length)
    expect(anchors).toHaveLength(6)
  })

  it('the legend explains every state', () => {
    const legend = /<ul class="legend"[^>]*>(.*?)<\/ul>/.exec(matrixHtml(issue))![1]
    const states = [...legend.matchAll(/<li data-state="([^"]+)">/g)].map((m) => m[1])
    expect(states).toEqual(['held', 'broken', 'expected-broken', 'not-applicable', 'unknown', 'stale', 'not-run'])
    expect(legend).toContain('<strong>held</strong>: held where judged, each run with its evidence')
    expect(legend).toContain('<strong>unknown</strong>: no evidence where some was due')
    expect(legend).toContain('<strong>stale</strong>: a known-failing entry expected it to break, and it did not')
  })

  it('shows run-level errors in their own section, linked from the adapter’s row, with kit errors', () => {
    const failed = run(reference, 'regressions/a/limit-one', [{ id: fits, exercised: true, verdict: 'unknown', reason: 'not judged' }], {
      verdict: 'error',
      error: { message: 'crashed: the process exited with code 1', stderr: 'panic: oh no\n' },
    })
    const html = matrixHtml(results([failed, run(reference, 'regressions/a/default-read', [held(fits)])], ['harness/suite/pager.suite.ts: boom']))
    expect(html).toContain('<section class="errors" id="errors">')
    expect(html).toContain('<h2>Run errors (2)</h2>')
    expect(html).toMatch(/<tr id="e-1" data-adapter="pager\/reference" data-scenario="regressions\/a\/limit-one">.*crashed: the process exited with code 1<pre>panic: oh no<\/pre>/)
    expect(html).toContain('<a class="errbadge" href="#e-1">1 run error</a>')
    expect(html).toContain('<li>harness/suite/pager.suite.ts: boom</li>')
    expect(matrixHtml(issue)).not.toContain('class="errors"')
  })

  it('escapes every string an implementation or a file can put in: a witness never becomes markup or script', () => {
    const hostile = '</script><img src=x onerror=alert(1)>"\'&'
    const html = matrixHtml(
      results(
        [
          run(`stdio:evil "${hostile}`, `regressions/${hostile}`, [{ id: `size/${hostile}`, exercised: true, verdict: 'broken', message: hostile, witness: { [hostile]: hostile, measure: hostile, value: 2, max: 1 } }], {
            port: `pager${hostile}`,
            history: history,
          }),
          run('x', 'y', [held(fits, hostile), notApplicable(reachable, hostile)], { verdict: 'error', error: { message: hostile, stderr: hostile }, reproduce: hostile }),
          run('x', 'z', [{ id: fits, exercised: true, verdict: 'held', evidence: hostile, figures: { [hostile]: hostile } }]),
        ],
        [hostile],
      ),
    )
    expect(html).not.toMatch(/<script|<img|<\/script/i)
    expect(html).toContain('&lt;/script&gt;&lt;img src=x onerror=alert(1)&gt;&quot;&#39;&amp;')
    // every attribute value stays one quoted value: no quote from the input closes it
    for (const tag of html.match(/<[a-z][^>]*>/g)!) {
      expect(tag, tag).toMatch(/^<[a-z0-9]+(\s+[a-z-]+(="[^"<>]*")?)*\s*>$/)
      expect(tag.replace(/"[^"]*"/g, '""'), tag).not.toMatch(/\son[a-z]+=/) // no event-handler attribute
    }
  })

  it('keeps History hrefs relative and inside the report folder', () => {
    const html = matrixHtml({ ...issue, runs: issue.runs.map((r) => (r.history ? { ...r, history: 'javascript:alert(1)//../../etc/passwd' } : r)) })
    expect(html).not.toContain('href="javascript:')
    expect(html).toContain('href="javascript%3Aalert(1)/_/_/etc/passwd"')
    const absolute = matrixHtml({ ...issue, runs: issue.runs.map((r) => (r.history ? { ...r, history: '/etc/passwd' } : r)) })
    expect(absolute).toContain('href="etc/passwd"')
  })

  it('is deterministic: the same results give the same page, with no times in it', () => {
    expect(matrixHtml(issue)).toBe(matrixHtml(structuredClone(issue)))
    expect(matrixHtml(issue)).not.toMatch(/\d{4}-\d\d-\d\dT|\d\d:\d\d:\d\d/)
  })

  it('says so when there are no runs, and shows the counts and the verdict', () => {
    const html = matrixHtml(results([]))
    expect(html).toContain('<p>No runs.</p>')
    expect(html).toContain('contract-kit matrix: <span class="failed">FAILED</span>')
    expect(matrixHtml(issue)).toMatch(/<li><strong>5<\/strong> runs<\/li><li data-verdict="held"><strong>3<\/strong> held<\/li><li data-verdict="expected-broken"><strong>0<\/strong> expected-broken<\/li><li data-verdict="broken"><strong>2<\/strong> broken<\/li>/)
  })
})
