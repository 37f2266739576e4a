import type { RunOutcome } from '#harness/runner/run-outcome.ts'

/** A run's outcome as a few lines for a person: the verdict, each contract that broke or was left unjudged, stale entries, and how to reproduce. */
export function describeOutcome(outcome: RunOutcome): string {
  const lines = [`${outcome.scenario} on ${outcome.adapter}: ${outcome.verdict}`]
  for (const c of outcome.contracts) {
    if (c.verdict === 'broken') lines.push(`  ${c.id} broken${c.expectedBy ? ' (expected)' : ''}: ${c.message}`)
    if ((c.verdict === 'unknown' || c.verdict === 'not-applicable') && c.exercised && !outcome.error) lines.push(`  ${c.id} ${c.verdict} (exercised): ${c.reason}`)
  }
  for (const s of outcome.stale) lines.push(`  stale known-failing entry ${s.pattern} (${s.source}): it excuses nothing that broke`)
  if (outcome.error) {
    // an untestable run's reason already starts with its verdict (`untestable: …`): said once
    const said = outcome.error.message.startsWith(`${outcome.verdict}: `) ? outcome.error.message : `${outcome.verdict}: ${outcome.error.message}`
    lines.push(`  ${said}`)
    const tail = outcome.error.stderr.trimEnd().split('\n').slice(-5)
    if (tail.join('').length > 0) lines.push('  stderr (last lines):', ...tail.map((l) => `    ${l}`))
  }
  lines.push(`Reproduce with: ${outcome.reproduce}`)
  return lines.join('\n')
}
