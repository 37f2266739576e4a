import { appendFileSync } from 'node:fs'
import { join } from 'node:path'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { shownPath } from '#harness/runner/shown-path.ts'

/** Escapes a workflow command's message (GitHub Actions: `%`, CR and LF). */
const escapeData = (text: string) => text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
/** Escapes a workflow command's property value (its message's escapes, and `:` and `,`). */
const escapeProperty = (text: string) => escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C')

/** One `::error` workflow command: its file, its title and its message, each escaped as the workflow syntax requires. */
function errorCommand(file: string, title: string, lines: string[], line?: string): string {
  return `::error file=${escapeProperty(file)},${line ? `line=${line},` : ''}title=${escapeProperty(title)}::${escapeData(lines.join('\n'))}`
}

/**
 * The GitHub Actions annotations of a run's results: one `::error` per run that is broken, error or unexpected-held,
 * on its scenario file (`scenarioDir`/<case id>.yaml, shown relative to the working folder), titled `<case> on
 * <adapter>` and saying each contract that broke and how to run it alone; one per stale known-failing entry, on the list
 * that holds it; one per kit error.
 */
export function githubAnnotations(results: RunResults, scenarioDir: string): string[] {
  const lines: string[] = []
  for (const run of results.runs) {
    const file = shownPath(join(scenarioDir, `${run.scenario}.yaml`))
    const title = `${run.scenario} on ${run.adapter}`
    if (['broken', 'error', 'unexpected-held'].includes(run.verdict)) {
      const said = run.contracts.flatMap((c) => (c.verdict === 'broken' && !c.expectedBy ? [`${c.id}: ${c.message}`] : []))
      if (run.verdict === 'unexpected-held') said.push('held, where a known-failing entry expects it broken: remove the entry')
      if (run.error) said.push(run.error.message.split('\n')[0] ?? '')
      lines.push(errorCommand(file, `${title}: ${run.verdict}`, [...said, `Reproduce with: ${run.reproduce}`]))
    }
    for (const s of run.stale) {
      const [, list = s.source, line] = /^(.*):(\d+)$/.exec(s.source) ?? []
      lines.push(errorCommand(shownPath(list), `stale known-failing entry: ${s.pattern}`, [`${title}: the entry excuses nothing that broke (${s.reason}); remove it`], line))
    }
  }
  for (const e of results.errors) lines.push(`::error title=contract-kit error::${escapeData(e)}`)
  return lines
}

/**
 * Writes a run's GitHub report: prints its annotations, and appends summary.md to the file `GITHUB_STEP_SUMMARY` names
 * (when it names one), so a pull request shows which contract broke without opening the log.
 */
export function writeGithubReport(results: RunResults, options: { scenarioDir: string; summary: string; env?: NodeJS.ProcessEnv; print?: (line: string) => void }): void {
  const { env = process.env, print = (line) => console.log(line) } = options
  for (const line of githubAnnotations(results, options.scenarioDir)) print(line)
  const stepSummary = env.GITHUB_STEP_SUMMARY
  if (stepSummary) appendFileSync(stepSummary, options.summary.endsWith('\n') ? options.summary : `${options.summary}\n`)
}
