import { flat } from '#harness/mutation/equivalent-mutants.ts'
import type { MutationSummary } from '#harness/mutation/mutation-summary.ts'

/** One target's surviving mutants as Markdown: the score and counts, then each survivor's place, mutator, original and replacement. */
export function survivorsMarkdown(summary: MutationSummary): string {
  const counts = Object.entries(summary.counts)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')
  const lines = [`# Mutation: ${summary.target}`, '', `${summary.detectableScore} % of the detectable mutants killed (Stryker's score ${summary.score} %; ${counts}), ${summary.date}, ${summary.wallSeconds} s; ${summary.explained} of ${summary.survivors.length} survivors explained as equivalent in docs/mutation.md`, '']
  if (summary.survivors.length === 0) lines.push('No mutant survived.')
  else lines.push('| line | status | reference | file | mutator | original | replacement | why it is equivalent |', '| --- | --- | --- | --- | --- | --- | --- | --- |')
  for (const s of summary.survivors) {
    lines.push(`| ${s.line}:${s.column} | ${s.status} #${s.id} | ${summary.target} | ${s.file} | ${s.mutator} | ${code(s.original)} | ${code(s.replacement)} | ${s.equivalent ?? '**not explained**'} |`)
  }
  return `${lines.join('\n')}\n`
}

/** Code as a Markdown code span on one line, in as many backticks as it needs, `|` escaped for a table. */
function code(text: string): string {
  const one = flat(text).replace(/\|/g, '\\|')
  const fence = '`'.repeat(Math.max(0, ...(one.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  return one === '' ? '` `' : fence.length > 1 || one.startsWith(' ') ? `${fence} ${one} ${fence}` : `${fence}${one}${fence}`
}
