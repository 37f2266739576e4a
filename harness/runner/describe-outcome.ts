import type { RunOutcome } from '#harness/runner/run-outcome.ts'

/** A run's outcome as a few lines for a person: the verdict, each contract that did not hold, stale entries, and how to reproduce. */
export function describeOutcome(outcome: RunOutcome): string {
  const lines = [`${outcome.scenario} on ${outcome.adapter}: ${outcome.verdict}`]
  for (const c of outcome.contracts) {
    if (c.verdict === 'broken') lines.push(`  ${c.id} broken${c.expectedBy ? ' (expected)' : ''}: ${c.message}`)
    if (c.verdict === 'unknown') lines.push(`  ${c.id} unknown: ${c.reason}`)
  }
  for (const s of outcome.stale) lines.push(`  stale known-failing entry ${s.pattern} (${s.source}): it held`)
  if (outcome.error) {
    lines.push(`  error: ${outcome.error.message}`)
    const tail = outcome.error.stderr.trimEnd().split('\n').slice(-5)
    if (tail.join('').length > 0) lines.push('  stderr (last lines):', ...tail.map((l) => `    ${l}`))
  }
  lines.push(`Reproduce with: ${outcome.reproduce}`)
  return lines.join('\n')
}
