import { describe, expect, it } from 'vitest'
import { matrixHtml } from '#harness/reporters/matrix/matrix-html.ts'
import { cell, fits, held, history, limit, notApplicable, over, prefix, reference, results, run, witnessOf } from '#harness/reporters/matrix/__test-helpers__/matrix-runs.ts'

describe('matrixHtml: the states of a cell', () => {
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
})
