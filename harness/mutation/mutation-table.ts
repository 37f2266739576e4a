import type { MutationSummary } from '#harness/mutation/mutation-summary.ts'

/** The outcome of one target in `npm run mutation`: its summary, or why there is none. */
export type TargetOutcome = { target: string; summary: MutationSummary } | { target: string; failed: string }

/** One line per target: the score against the 95 % target, the counts Stryker gave, how many survivors docs/mutation.md explains and how many it does not, and the wall time. */
export function mutationTable(outcomes: TargetOutcome[]): string {
  const rows = outcomes.map((o) => {
    if ('failed' in o) return `| ${o.target} | — | ${o.failed} | | | | | | | |`
    const c = o.summary.counts
    const mark = o.summary.score >= 95 ? '✓' : '✗'
    const unexplained = o.summary.survivors.length - o.summary.explained
    return `| ${o.target} | ${o.summary.score.toFixed(1)} % ${mark} | ${c.Killed ?? 0} | ${c.Timeout ?? 0} | ${c.Survived ?? 0} | ${c.NoCoverage ?? 0} | ${o.summary.explained} | ${unexplained} | ${(c.CompileError ?? 0) + (c.RuntimeError ?? 0)} | ${o.summary.wallSeconds} s |`
  })
  return ['| reference | score (≥ 95 %) | killed | timeout | survived | no coverage | equivalent (docs/mutation.md) | unexplained | errors | wall |', '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n')
}
