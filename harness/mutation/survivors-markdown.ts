import { flat } from '#harness/mutation/equivalent-mutants.ts'
import type { MutationSummary, Survivor } from '#harness/mutation/mutation-summary.ts'

/** One target's surviving mutants as Markdown: the score and counts, then each survivor's place, mutator, original and replacement. */
export function survivorsMarkdown(summary: MutationSummary): string {
  const counts = Object.entries(summary.counts)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ')
  const lines = [`# Mutation: ${summary.target}`, '', `${summary.detectableScore} % of the detectable mutants killed (Stryker's score ${summary.score} %; ${counts}), ${summary.date}, ${summary.wallSeconds} s; ${summary.explained} of ${summary.survivors.length} survivors explained as equivalent in docs/mutation.md`, '']
  if (summary.survivors.length === 0) lines.push('No mutant survived.')
  else lines.push(tableHead)
  for (const s of summary.survivors) lines.push(row(summary.target, s, s.equivalent ?? '**not explained**'))
  const timeouts = summary.equivalentTimeouts ?? []
  if (timeouts.length > 0) {
    lines.push('', `## Timed out, though listed as equivalent (${timeouts.length})`, '', 'Most often the timeout is the machine\'s load; where one is a true hang, its row is too wide. The detectable score leaves them out either way.', '', tableHead)
    for (const s of timeouts) lines.push(row(summary.target, s, s.equivalent!))
  }
  const contradicted = summary.contradicted ?? []
  if (contradicted.length > 0) {
    lines.push('', `## Killed, though listed as equivalent (${contradicted.length})`, '', 'A scenario told these from the reference: the row of docs/mutation.md that lists each is wrong (a line range gone stale, a `*` too wide).', '', tableHead)
    for (const s of contradicted) lines.push(row(summary.target, s, `**contradicted**: ${s.equivalent!}`))
  }
  return `${lines.join('\n')}\n`
}

const tableHead = '| line | status | reference | file | mutator | original | replacement | why it is equivalent |\n| --- | --- | --- | --- | --- | --- | --- | --- |'

/** One mutant as a row of the table: where, its status, what it replaced and with what, and `why` (its `|` escaped, as docs/mutation.md writes it). */
function row(target: string, s: Survivor, why: string): string {
  return `| ${s.line}:${s.column} | ${s.status} #${s.id} | ${target} | ${s.file} | ${s.mutator} | ${code(s.original)} | ${code(s.replacement)} | ${why.replace(/\|/g, '\\|')} |`
}

/** Code as a Markdown code span on one line, in as many backticks as it needs, `|` escaped for a table. */
function code(text: string): string {
  const one = flat(text).replace(/\|/g, '\\|')
  const fence = '`'.repeat(Math.max(0, ...(one.match(/`+/g) ?? []).map((run) => run.length)) + 1)
  return one === '' ? '` `' : fence.length > 1 || one.startsWith(' ') ? `${fence} ${one} ${fence}` : `${fence}${one}${fence}`
}
