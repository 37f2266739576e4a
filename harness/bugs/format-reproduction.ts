import type { BugPair } from '#harness/bugs/bug-pairs.ts'
import type { BugCases } from '#harness/bugs/bug-cases.ts'
import type { CaseRow, CaseSide } from '#harness/bugs/side-by-side.ts'
import type { ReproductionVerdict } from '#harness/bugs/reproduction-verdict.ts'
import { foldJson } from '#harness/bugs/fold-json.ts'
import { terminalColumns } from '#harness/bugs/terminal-columns.ts'

/** What `formatReproduction` prints: the bug, its cases side by side, what it left out, the verdict, where the reports are. */
export interface Reproduction {
  pair: BugPair
  rows: readonly CaseRow[]
  leftOut: BugCases['leftOut']
  verdict: ReproductionVerdict
  /** The reports folder, as the person should read it. */
  outDir: string
  /** Failures outside any run (results.json `errors`). */
  errors: readonly string[]
}

/** The column a side's verdict starts at (`  reference  held`), and the one its details start at below it. */
const verdictColumn = 13
/** How many of an implementation's last stderr lines an error shows. */
const stderrLines = 3

/**
 * A reproduction for a person, in `width` columns (commands excepted: they are never wrapped): a header naming the
 * bug and its two systems, then each case with the pre-fix verdict (each broken contract's one-line message and an
 * excerpt of its witness, what was observed, the command that runs it alone) above the reference's, then the verdict.
 */
export function formatReproduction(r: Reproduction, width = 110): string {
  const { pair, rows } = r
  const paired = rows.filter((row) => row.preFix !== undefined)
  const alone = rows.filter((row) => row.preFix === undefined)
  const out: string[] = []
  out.push(...wrap(`${pair.id} — ${pair.title}`, width, '', '  '))
  const aloneAdapters = [...new Set(alone.map((row) => row.reference.adapter))]
  const systems = `pre-fix ${pair.preFix} → reference ${pair.reference}, ${count(paired.length, 'case')}`
  out.push(...wrap(systems + (alone.length > 0 ? `; ${count(alone.length, 'more case')} on ${aloneAdapters.join(', ')} alone` : ''), width, '', '  '))
  out.push(`see docs/bugs.md#${pair.id.toLowerCase()}`)
  for (const row of paired) out.push('', ...caseLines(row, width))
  if (alone.length > 0) {
    const ports = [...new Set(alone.map((row) => row.case.port))]
    const intro = `No pre-fix system covers the ${ports.join(', ')} ${ports.length === 1 ? 'port' : 'ports'}: these cases characterize what the fix rests on, run against the reference alone.`
    out.push('', ...wrap(intro, width, '', ''))
    for (const row of alone) out.push('', ...caseLines(row, width))
  }
  out.push('')
  if (r.leftOut.length > 0) {
    out.push(...wrap(`Left out: ${r.leftOut.map((s) => `${s.id} (${s.port})`).join(', ')}: no system of this bug offers their port.`, width, '', '  '))
  }
  for (const error of r.errors) out.push(...wrap(`kit error: ${error}`, width, '', '  '))
  for (const line of r.verdict.lines) out.push(...wrap(line, width, '', '  '))
  out.push(...wrap(`Reports in ${r.outDir}: results.json (every witness whole), histories/ (every run's History).`, width, '', '  '))
  return out.join('\n')
}

/** A case: its id and title, then its pre-fix side (when it has one) and its reference side, with the evidence of each contract the pre-fix side broke (or, alone, that the case exercises). */
function caseLines(row: CaseRow, width: number): string[] {
  const broke = (row.preFix?.run?.contracts ?? []).filter((c) => c.verdict === 'broken').map((c) => c.id)
  const shown = new Set(row.preFix ? broke : (row.reference.run?.exercises ?? []))
  return [
    row.case.id,
    ...wrap(row.case.title, width, '  ', '  '),
    ...(row.preFix ? sideLines('pre-fix', row.preFix, width, shown) : []),
    ...sideLines('reference', row.reference, width, shown),
  ]
}

/** One side: the verdict, then each contract that broke with its witness (or held, with its evidence, when `evidenceOf` names it), an error, what was observed, and how to reproduce. */
function sideLines(label: string, side: CaseSide, width: number, evidenceOf: ReadonlySet<string>): string[] {
  const run = side.run
  const verdict = run?.verdict ?? 'not run'
  const lead = `  ${label.padEnd(verdictColumn - 2)}${verdict}  `
  const indent = ' '.repeat(verdictColumn)
  // Each detail is a paragraph, wrapped; or lines given the room of the first and of the rest (a JSON excerpt folded to
  // fit two lines; a stderr line cut; a command, whole).
  type Detail = { text: string } | { lines: (first: number, rest: number) => string[] }
  const json = (name: string, value: unknown): Detail => ({
    lines: (first, rest) => foldJson(value, first - name.length - 1, rest).map((line, i) => (i === 0 ? `${name} ${line}` : line)),
  })
  const details: Detail[] = []
  if (!run) details.push({ text: `no result: ${side.adapter} left no outcome for this case (see the kit errors below)` })
  for (const c of run?.contracts ?? []) {
    if (c.verdict === 'broken') details.push({ text: `${c.id}: ${c.message}` }, json('witness', c.witness))
    if (c.verdict === 'held' && evidenceOf.has(c.id)) details.push({ text: `${c.id} held: ${c.evidence}` })
    // An adapter's failure, or an exercised contract left unjudged, makes the run an error: the error below says why, once.
    if (c.verdict === 'unknown' && c.exercised && !run?.error) details.push({ text: `${c.id} unknown: ${c.reason}` })
  }
  if (run?.error) {
    details.push({ text: `${verdict === 'untestable' ? 'why' : 'error'}: ${run.error.message}` })
    const tail = run.error.stderr.trimEnd().split('\n').filter((l) => l.trim() !== '').slice(-stderrLines)
    for (const text of tail) details.push({ lines: (room) => [cut(`stderr: ${text}`, room)] })
  }
  if (run?.observed && verdict !== 'untestable') details.push(json('observed', run.observed))
  if (run && verdict !== 'held') details.push({ lines: () => [`Reproduce with: ${run.reproduce}`] })
  if (details.length === 0) return [lead.trimEnd()]
  const rest = `${indent}  `
  return details.flatMap((detail, index) => {
    const first = index === 0 ? lead : indent
    if ('text' in detail) return wrap(detail.text, width, first, rest)
    return detail.lines(width - first.length, width - rest.length).map((line, i) => (i === 0 ? first : rest) + line)
  })
}

/** Words filled into lines of at most `width` columns, the first after `first`, the rest after `rest`; a longer word stands alone. */
function wrap(text: string, width: number, first: string, rest: string): string[] {
  const words = text.replace(/\s+/g, ' ').trim().split(' ')
  const lines: string[] = []
  let line = first
  let empty = true
  for (const word of words) {
    if (!empty && terminalColumns(line) + 1 + terminalColumns(word) > width) {
      lines.push(line)
      line = rest
      empty = true
    }
    line += (empty ? '' : ' ') + word
    empty = false
  }
  lines.push(line)
  return lines
}

/** A line cut to `max` columns, ending `…` when cut. */
function cut(text: string, max: number): string {
  if (terminalColumns(text) <= max) return text
  let kept = ''
  for (const char of text) {
    if (terminalColumns(kept + char) > max - 1) break
    kept += char
  }
  return kept + '…'
}

function count(n: number, noun: string): string {
  return `${n} ${n === 1 ? noun : `${noun}s`}`
}
