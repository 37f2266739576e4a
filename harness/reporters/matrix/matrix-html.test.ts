import { describe, expect, it } from 'vitest'
import { matrixHtml } from '#harness/reporters/matrix/matrix-html.ts'
import { runResults } from '#harness/reporters/run-results.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { historyFileName } from '#harness/reporters/history-file-name.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { RunOutcome } from '#harness/runner/run-outcome.ts'
import type { History } from '#harness/history/history.ts'

const history = {} as History
const reference = 'pager/reference'
const prefix = 'pager/analysis-result-budget'
const fits = 'size/page-fits-ceilings'
const reachable = 'recovery/first-page-reachable'
const limit = 'size/limit-is-upper-bound'

const over = (value: number, max: number): ContractOutcome => ({
  id: fits,
  exercised: true,
  verdict: 'broken',
  message: `the page read at event 2 measures retained-bytes ${value}, over its ceiling ${max}`,
  witness: { event: 2, measure: 'retained-bytes', value, max },
})

function run(adapter: string, scenario: string, contracts: ContractOutcome[], extra: Partial<RunOutcome> = {}): RunOutcome {
  const failing = contracts.some((c) => c.verdict === 'broken' || c.verdict === 'unknown')
  return {
    scenario,
    adapter,
    port: 'pager',
    system: { name: adapter, transport: 'in-process', ports: ['pager'] },
    verdict: contracts.some((c) => c.verdict === 'broken' && !c.expectedBy) ? 'broken' : failing ? 'expected-broken' : 'held',
    exercises: contracts.filter((c) => c.exercised).map((c) => c.id),
    contracts,
    stale: [],
    reproduce: `npx contract-kit run --adapter ${adapter} --scenario ${scenario} --no-expectations`,
    ...(failing ? { history } : {}),
    ...extra,
  }
}

const results = (outcomes: RunOutcome[], errors: string[] = []): RunResults => runResults(outcomes, errors, (o) => historyFileName(o.adapter, o.scenario))

/** The HTML of the cell of one adapter × contract (the `<td>` element). */
function cell(html: string, adapter: string, contract: string): string {
  const match = new RegExp(`<td class="cell[^"]*" data-adapter="${adapter}" data-contract="${contract}"[^>]*>.*?</td>`).exec(html)
  if (!match) throw new Error(`no cell ${adapter} × ${contract}`)
  return match[0]
}

/** The witness section a cell's link opens. */
function witnessOf(html: string, cellHtml: string): string {
  const anchor = /href="#([^"]+)"/.exec(cellHtml)![1]
  const match = new RegExp(`<section class="witness" id="${anchor}"[\\s\\S]*?</section>`).exec(html)
  if (!match) throw new Error(`no witness section ${anchor}`)
  return match[0]
}

const held = (id: string, evidence = `${id} seen`): ContractOutcome => ({ id, exercised: true, verdict: 'held', evidence, figures: { seen: 1 } })
const notApplicable = (id: string, reason: string, exercised = false): ContractOutcome => ({ id, exercised, verdict: 'not-applicable', reason })

const issue = results([
  run(reference, 'regressions/a/default-read', [held(fits), held(reachable), held(limit)]),
  run(reference, 'regressions/a/limit-one', [held(fits), held(limit)]),
  run(prefix, 'regressions/a/default-read', [over(922232, 262144), { id: reachable, exercised: true, verdict: 'broken', message: 'page 1 is unreachable', witness: { outcome: { kind: 'provider_result_limit' } } }, held(limit)]),
  run(prefix, 'regressions/a/limit-one', [held(fits), held(limit)]),
  run(prefix, 'regressions/a/oversized', [over(922232, 122215), held(limit)]),
])

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

  it('tells expected-broken, unknown and stale cells apart, with the entry or the reason', () => {
    const expectedBy = { pattern: 'regressions/a/default-read:size/page-fits-ceilings', reason: 'fits by JSON bytes only', source: 'x.known-failing.txt:7' }
    const staleEntry = { pattern: 'regressions/a/default-read:size/limit-is-upper-bound', reason: 'was broken once', source: 'x.known-failing.txt:9' }
    const html = matrixHtml(
      results([
        run(prefix, 'regressions/a/default-read', [{ ...over(922232, 262144), expectedBy }, held(limit)], { verdict: 'unexpected-held', stale: [staleEntry] }),
        run(reference, 'regressions/a/default-read', [{ id: fits, exercised: true, verdict: 'unknown', reason: 'not judged: the adapter failed (crashed)' }]),
      ]),
    )
    const expected = cell(html, prefix, fits)
    expect(expected).toContain('data-state="expected-broken"')
    expect(expected).toContain('<span class="more">1 expected-broken</span>')
    expect(witnessOf(html, expected)).toContain('expected by the known-failing entry <code>regressions/a/default-read:size/page-fits-ceilings</code> (x.known-failing.txt:7): fits by JSON bytes only')
    const stale = cell(html, prefix, limit)
    expect(stale).toContain('data-state="stale"')
    expect(stale).toContain('<span class="tally">1/1 held</span><span class="more">1 stale</span>')
    expect(witnessOf(html, stale)).toContain('stale known-failing entry <code>regressions/a/default-read:size/limit-is-upper-bound</code>')
    const unknown = cell(html, reference, fits)
    expect(unknown).toContain('data-state="unknown"')
    expect(witnessOf(html, unknown)).toContain('unknown, no evidence: not judged: the adapter failed (crashed)')
    expect(html).toMatch(/<ul class="legend"[^>]*>.*<strong>expected-broken<\/strong>/)
  })

  it('a held cell opens its evidence: each run’s evidence line and figures, whether the scenario exercises it, as a broken one opens its witness', () => {
    const html = matrixHtml(
      results([
        run(reference, 'regressions/a/default-read', [{ id: fits, exercised: true, verdict: 'held', evidence: '3 pages measured, the largest 241,003 of 262,144 retained-bytes', figures: { pages: 3, largest: 241003, max: 262144 } }]),
        run(reference, 'regressions/a/limit-one', [{ id: fits, exercised: false, verdict: 'held', evidence: '1 page measured, the largest 2,310 of 262,144 retained-bytes', figures: { pages: 1, largest: 2310, max: 262144 } }]),
      ]),
    )
    const heldCell = cell(html, reference, fits)
    expect(heldCell).toMatch(/^<td class="cell s-held" [^>]*data-state="held"><a class="open" href="#w-pager-pager_reference-size_page-fits-ceilings"/)
    const panel = witnessOf(html, heldCell)
    expect(panel).toContain('data-state="held"')
    expect(panel).toContain('<p class="summary">2/2 held</p>')
    expect(panel).toContain('<h3 class="group">Held in 2 runs: the evidence</h3>')
    expect(panel).toContain('<p class="evidence">3 pages measured, the largest 241,003 of 262,144 retained-bytes</p>')
    expect(panel).toContain('<pre class="figures-json">{\n  &quot;pages&quot;: 3,\n  &quot;largest&quot;: 241003,\n  &quot;max&quot;: 262144\n}</pre>')
    expect(panel).toContain('<p class="evidence">1 page measured, the largest 2,310 of 262,144 retained-bytes</p>')
    expect(panel).toContain('run verdict: <strong>held</strong> · exercised by this scenario')
    expect(panel).toContain('run verdict: <strong>held</strong> · not exercised by this scenario')
    expect(panel).not.toContain('witness-json')
  })

  it('shows a not-applicable cell as n/a, in its own style, never as held, and opens why each run had nothing to judge', () => {
    const walk = 'recovery/cursor-exactly-once'
    const html = matrixHtml(
      results([
        run(reference, 'regressions/a/default-read', [held(fits), notApplicable(walk, 'the scenario makes no walk')]),
        run(reference, 'regressions/a/limit-one', [held(fits), notApplicable(walk, 'the scenario makes no walk')]),
        run(prefix, 'regressions/a/default-read', [held(fits), notApplicable(walk, 'the scenario makes no walk')]),
        run(prefix, 'regressions/a/walk', [held(fits), held(walk, '1 walk of 40 items, each once, in order')]),
      ]),
    )
    const na = cell(html, reference, walk)
    expect(na).toMatch(/^<td class="cell s-not-applicable" [^>]*data-state="not-applicable">/)
    expect(na).toContain('<span class="tally">n/a</span><span class="more">2 runs, nothing to judge</span>')
    expect(na).not.toContain('held')
    const panel = witnessOf(html, na)
    expect(panel).toContain('<h3 class="group">Not applicable in 2 runs: nothing to judge</h3>')
    expect(panel).toContain('<li data-scenario="regressions/a/default-read"><code>regressions/a/default-read</code>: the scenario makes no walk</li>')
    expect(panel).not.toContain('Held in')
    // held where judged, the n/a run counted apart
    const mixed = cell(html, prefix, walk)
    expect(mixed).toContain('data-state="held"')
    expect(mixed).toContain('<span class="tally">1/1 held</span><span class="more">1 n/a</span>')
    expect(witnessOf(html, mixed)).toContain('Not applicable in 1 run: nothing to judge')
    expect(html).toMatch(/<li data-state="not-applicable"><span class="swatch s-not-applicable"><\/span><strong>not-applicable \(n\/a\)<\/strong>: /)
    expect(html).toContain('.s-not-applicable {')
  })

  it('colours a cell whose exercised contract came back not-applicable as unknown, and says the run is an error', () => {
    const walk = 'recovery/cursor-exactly-once'
    const html = matrixHtml(
      results([
        run(reference, 'regressions/a/walk', [held(fits), notApplicable(walk, 'the walk never started', true)], {
          verdict: 'error',
          error: { message: `${walk} is exercised by this scenario but came back not-applicable: the walk never started`, stderr: '' },
          history,
        }),
        run(reference, 'regressions/a/other', [held(fits), held(walk)]),
      ]),
    )
    const unjudged = cell(html, reference, walk)
    expect(unjudged).toContain('data-state="unknown"')
    expect(unjudged).toContain('<span class="tally">1/1 held</span><span class="more">1 n/a (1 exercised)</span>')
    const panel = witnessOf(html, unjudged)
    expect(panel).toContain('<span class="badge s-not-applicable">n/a</span>')
    expect(panel).toContain('not applicable: the walk never started')
    expect(panel).toContain('This scenario exercises the contract, so it needed evidence: the run is an error.')
    expect(panel.indexOf('regressions/a/walk')).toBeLessThan(panel.indexOf('Held in 1 run'))
  })

  it('a stale entry over a contract that had nothing to judge shows stale: it excuses nothing that broke', () => {
    const walk = 'recovery/cursor-exactly-once'
    const staleEntry = { pattern: `regressions/a/x:${walk}`, reason: 'it lost items once', source: 'x.known-failing.txt:4' }
    const html = matrixHtml(results([run(prefix, 'regressions/a/x', [held(fits), notApplicable(walk, 'no walk')], { verdict: 'unexpected-held', stale: [staleEntry] })]))
    const stale = cell(html, prefix, walk)
    expect(stale).toContain('data-state="stale"')
    expect(stale).toContain('<span class="tally">n/a</span><span class="more">1 run, nothing to judge</span><span class="more">1 stale</span>')
    expect(witnessOf(html, stale)).toContain('stale known-failing entry <code>regressions/a/x:recovery/cursor-exactly-once</code> (x.known-failing.txt:4): it excuses nothing that broke. It said: it lost items once')
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
