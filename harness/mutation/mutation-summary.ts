import { explanationOf, type EquivalentMutant } from '#harness/mutation/equivalent-mutants.ts'

/** The part of Stryker's JSON report (mutation-testing-report-schema) the summary reads: each file's source and mutants. */
export interface MutationReport {
  files: Record<string, { source: string; mutants: ReportedMutant[] }>
}

/** A mutant as the JSON report gives it: lines and columns from 1. */
export interface ReportedMutant {
  id: string
  mutatorName: string
  replacement?: string
  status: string
  location: { start: { line: number; column: number }; end: { line: number; column: number } }
}

/** One surviving (or uncovered) mutant: where, what it replaced, and with what. */
export interface Survivor {
  id: string
  file: string
  line: number
  column: number
  mutator: string
  status: string
  original: string
  replacement: string
  /** Why it is equivalent, when docs/mutation.md lists it so. */
  equivalent?: string
}

/** What one reference's Stryker run found: the counts by status, the mutation score, and every mutant that survived. */
export interface MutationSummary {
  target: string
  date: string
  wallSeconds: number
  counts: Record<string, number>
  /** killed + timed out, of every mutant a test could judge (killed, timed out, survived, no coverage); in %, one decimal, rounded down. */
  score: number
  /** Survivors docs/mutation.md explains as equivalent. */
  explained: number
  /**
   * killed + timed out, of every mutant a test could judge but those docs/mutation.md explains as equivalent (no
   * scenario can tell them from the reference): the measure the 95 % target is for; in %, one decimal, rounded down. A
   * listed equivalent that timed out is left out of both sides: its timeout is most often the machine's load, and where
   * it is a true hang (an endless loop in code whose result no answer shows) the score counts one detection fewer,
   * never one more.
   */
  detectableScore: number
  survivors: Survivor[]
  /** Mutants that timed out though docs/mutation.md lists them as equivalent: left out of the detectable score. */
  equivalentTimeouts: Survivor[]
  /** Mutants a scenario killed though docs/mutation.md lists them as equivalent: the row is wrong (a line range gone stale, a `*` too wide, an anchor text on more lines than meant). */
  contradicted: Survivor[]
}

/** Summarises one Stryker JSON report: the score Stryker reports (killed and timed out over every valid mutant) and the survivors, with the code each replaced. */
export function summarizeMutation(target: string, report: MutationReport, wallSeconds: number, date: string, equivalents: EquivalentMutant[]): MutationSummary {
  const counts: Record<string, number> = {}
  const survivors: Survivor[] = []
  const equivalentTimeouts: Survivor[] = []
  const contradicted: Survivor[] = []
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    const lines = source.split('\n')
    for (const m of mutants) {
      counts[m.status] = (counts[m.status] ?? 0) + 1
      if (!['Survived', 'NoCoverage', 'Timeout', 'Killed'].includes(m.status)) continue
      const { start } = m.location
      const mutant: Survivor = { id: m.id, file, line: start.line, column: start.column, mutator: m.mutatorName, status: m.status, original: textAt(lines, m.location), replacement: m.replacement ?? '' }
      const reason = explanationOf(target, mutant, equivalents, lines[start.line - 1])?.reason
      const listed = reason === undefined ? mutant : { ...mutant, equivalent: reason }
      if (m.status === 'Survived' || m.status === 'NoCoverage') survivors.push(listed)
      else if (reason !== undefined) (m.status === 'Timeout' ? equivalentTimeouts : contradicted).push(listed)
    }
  }
  for (const list of [survivors, equivalentTimeouts, contradicted]) list.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  const detected = (counts.Killed ?? 0) + (counts.Timeout ?? 0)
  const valid = detected + (counts.Survived ?? 0) + (counts.NoCoverage ?? 0)
  const explained = survivors.filter((s) => s.equivalent !== undefined).length
  const percent = (part: number, whole: number) => (whole === 0 ? 100 : Math.floor((part / whole) * 1000) / 10)
  const detectableScore = percent(detected - equivalentTimeouts.length, valid - explained - equivalentTimeouts.length)
  return { target, date, wallSeconds, counts, explained, score: percent(detected, valid), detectableScore, survivors, equivalentTimeouts, contradicted }
}

/** The source text at a report location (lines and columns from 1, the end exclusive). */
function textAt(lines: string[], location: ReportedMutant['location']): string {
  const { start, end } = location
  if (start.line === end.line) return lines[start.line - 1]!.slice(start.column - 1, end.column - 1)
  return [lines[start.line - 1]!.slice(start.column - 1), ...lines.slice(start.line, end.line - 1), lines[end.line - 1]!.slice(0, end.column - 1)].join('\n')
}
