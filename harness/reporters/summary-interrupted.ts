import type { RunResults } from '#harness/reporters/run-results.ts'

/**
 * The lines summary.md gives an interrupted run, after its title: `Interrupted by SIGINT: N of M runs did not run.` and
 * the list of them, each with the command that runs it alone. None for a run that was not interrupted.
 */
export function interruptedLines(results: RunResults, cell: (text: string) => string): string[] {
  if (!results.interrupted) return []
  const notRun = results.notRun ?? []
  const planned = results.counts.runs + notRun.length
  const lines = [`**Interrupted by ${results.interruptedBy ?? 'a signal'}: ${notRun.length} of ${planned} runs did not run.** The results below are of the runs that finished before it.`, '']
  if (notRun.length === 0) return lines
  lines.push('## Not run', '')
  for (const r of notRun) lines.push(`- ${cell(r.scenario)} on ${cell(r.adapter)}${r.reproduce ? `: \`${r.reproduce.replace(/`/g, "'")}\`` : ''}`)
  lines.push('')
  return lines
}
