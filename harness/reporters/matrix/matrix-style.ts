/** The matrix page's whole style sheet (inlined: the page loads nothing). Witness panels show only when targeted (`:target`), so the page needs no script. */
export const matrixStyle = `
:root { --held: #1a7f37; --held-bg: #dafbe1; --broken: #cf222e; --broken-bg: #ffebe9; --expected: #9a6700; --expected-bg: #fff8c5;
  --unknown: #8250df; --unknown-bg: #fbefff; --stale: #bc4c00; --stale-bg: #fff1e5; --na: #6e7781; --na-bg: #eef1f4; --none: #8c959f; --none-bg: #f6f8fa; --line: #d0d7de; }
* { box-sizing: border-box; }
body { margin: 0; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; color: #1f2328; background: #fff;
  display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 32rem); min-height: 100vh; }
main { padding: 1rem 1.5rem 3rem; overflow-x: auto; }
aside { position: sticky; top: 0; align-self: start; max-height: 100vh; overflow: auto; border-left: 1px solid var(--line); background: #fafbfc; padding: 1rem 1.25rem; }
@media (max-width: 1100px) { body { display: block; } aside { position: static; max-height: none; border-left: 0; border-top: 1px solid var(--line); } }
h1 { font-size: 1.4rem; margin: 0 0 .25rem; } h1 .failed { color: var(--broken); } h1 .passed { color: var(--held); }
h2 { font-size: 1.1rem; margin: 1.5rem 0 .5rem; }
code, pre { font: 12.5px/1.4 ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; }
.counts { display: flex; flex-wrap: wrap; gap: .4rem; margin: .5rem 0; padding: 0; list-style: none; }
.counts li, .key { border: 1px solid var(--line); border-radius: 1rem; padding: .1rem .6rem; background: var(--none-bg); }
.legend { display: flex; flex-wrap: wrap; gap: .4rem 1rem; align-items: center; margin: .5rem 0 1rem; padding: 0; list-style: none; font-size: 13px; }
.swatch { display: inline-block; width: .9rem; height: .9rem; border-radius: 3px; vertical-align: -2px; margin-right: .3rem; border: 1px solid; }
table.matrix { border-collapse: separate; border-spacing: 3px; margin-bottom: 1rem; }
.matrix th { font-weight: 600; text-align: left; vertical-align: bottom; padding: .25rem .4rem; }
.matrix thead th.family { text-align: center; border-bottom: 2px solid var(--line); text-transform: uppercase; font-size: 11px; letter-spacing: .05em; color: #59636e; }
.matrix thead th.contract { font-size: 12.5px; max-width: 9rem; word-break: break-word; }
.matrix th.adapter { vertical-align: middle; } .matrix th.adapter code { white-space: nowrap; } .matrix th.adapter .sub { display: block; max-width: 16rem; font-weight: 400; font-size: 12px; color: #59636e; }
td.cell { min-width: 7.5rem; padding: 0; border: 1px solid; border-radius: 6px; vertical-align: top; position: relative; }
td.cell > a.open, td.cell > .open { display: block; padding: .35rem .5rem 1.3rem; color: inherit; text-decoration: none; }
td.cell > a.open:hover, td.cell > a.open:focus { outline: 2px solid #0969da; outline-offset: -2px; border-radius: 6px; }
td.cell .tally { font-weight: 600; display: block; } td.cell .more { display: block; font-size: 12px; }
td.cell a.history { position: absolute; right: .45rem; bottom: .2rem; font-size: 11.5px; color: #0969da; }
.s-held { background: var(--held-bg); border-color: var(--held); color: #0f5323; }
.s-broken { background: var(--broken-bg); border-color: var(--broken); color: #82071e; }
.s-expected-broken { background: var(--expected-bg); border-color: var(--expected); color: #633c01; }
.s-unknown { background: var(--unknown-bg); border-color: var(--unknown); color: #512a97; }
.s-stale { background: var(--stale-bg); border-color: var(--stale); color: #762c00; }
.s-not-applicable { background: repeating-linear-gradient(135deg, var(--na-bg) 0 5px, #fff 5px 10px); border-color: var(--na); color: #424a53; }
.s-not-run { background: var(--none-bg); border-color: var(--line); color: var(--none); text-align: center; }
td.s-not-run .open { padding: .35rem .5rem; }
td.cell.s-not-applicable, .swatch.s-not-applicable { border-style: dashed; }
.gauge { display: block; margin-top: .3rem; font-size: 11.5px; }
.bar { display: block; position: relative; height: .55rem; background: #fff; border: 1px solid #afb8c1; border-radius: 3px; overflow: hidden; }
.bar .fill { position: absolute; left: 0; top: 0; bottom: 0; background: var(--held); }
.gauge.over .bar .fill { background: var(--broken); }
.bar .ceiling { position: absolute; top: -1px; bottom: -1px; width: 2px; margin-left: -1px; background: #1f2328; }
.gauge-text { display: block; }
.errbadge { display: inline-block; margin-top: .2rem; font-size: 12px; font-weight: 600; color: #fff; background: var(--broken); border-radius: 1rem; padding: 0 .5rem; text-decoration: none; }
section.errors { border: 2px solid var(--broken); border-radius: 8px; padding: .25rem 1rem 1rem; background: var(--broken-bg); margin: 1rem 0; }
section.errors table { border-collapse: collapse; width: 100%; background: #fff; }
section.errors td, section.errors th { border: 1px solid var(--line); padding: .3rem .5rem; text-align: left; vertical-align: top; }
section.errors tr:target td { background: #fff8c5; }
pre { white-space: pre-wrap; word-break: break-word; background: #fff; border: 1px solid var(--line); border-radius: 6px; padding: .5rem .6rem; margin: .4rem 0; max-height: 28rem; overflow: auto; }
aside .hint { color: #59636e; }
aside:has(.witness:target) .hint { display: none; }
.witness { display: none; }
.witness:target { display: block; }
.witness header { display: flex; justify-content: space-between; gap: 1rem; align-items: baseline; }
.witness h2 { margin-top: 0; } .witness .close { white-space: nowrap; }
.witness .statement { color: #59636e; font-style: italic; }
.witness article { border-left: 4px solid; padding: .1rem 0 .1rem .75rem; margin: 1rem 0; background: transparent; }
.witness article h3 { font-size: 14px; margin: 0 0 .25rem; word-break: break-word; }
.badge { display: inline-block; font-size: 11.5px; font-weight: 600; border: 1px solid; border-radius: 1rem; padding: 0 .45rem; margin-left: .3rem; }
.reproduce code { user-select: all; }
ul.na-runs { padding-left: 1.2rem; } ul.na-runs li { margin: .2rem 0; }
.witness h3.group { font-size: 14px; margin: 1.25rem 0 .25rem; }
.witness .evidence { font-weight: 600; margin: .25rem 0; }
.witness .unjudged { color: var(--unknown); font-weight: 600; }
`
