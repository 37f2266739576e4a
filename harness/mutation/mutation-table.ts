import type { MutationSummary } from '#harness/mutation/mutation-summary.ts'

/** The outcome of one target in `npm run mutation`: its summary, or why there is none. */
export type TargetOutcome = { target: string; summary: MutationSummary } | { target: string; failed: string }

/** One line per target: the score of the detectable mutants against the 95 % target, Stryker's own score, the counts Stryker gave, how many survivors docs/mutation.md explains (and how many listed equivalents timed out) and how many it does not (and how many listed ones a scenario killed), and the wall time. */
export function mutationTable(outcomes: TargetOutcome[]): string {
  const rows = outcomes.map((o) => {
    if ('failed' in o) return `| ${o.target} | — | — | ${o.failed} | | | | | | | |`
    const c = o.summary.counts
    const mark = o.summary.detectableScore >= 95 ? '✓' : '✗'
    const unexplained = o.summary.survivors.length - o.summary.explained
    const timedOut = o.summary.equivalentTimeouts?.length ?? 0
    const contradicted = o.summary.contradicted?.length ?? 0
    const equivalent = `${o.summary.explained}${timedOut > 0 ? ` (+${timedOut} timed out)` : ''}`
    const wrong = `${unexplained}${contradicted > 0 ? ` (+${contradicted} killed though listed)` : ''}`
    return `| ${o.target} | ${o.summary.detectableScore.toFixed(1)} % ${mark} | ${o.summary.score.toFixed(1)} % | ${c.Killed ?? 0} | ${c.Timeout ?? 0} | ${c.Survived ?? 0} | ${c.NoCoverage ?? 0} | ${equivalent} | ${wrong} | ${(c.CompileError ?? 0) + (c.RuntimeError ?? 0)} | ${o.summary.wallSeconds} s |`
  })
  return ["| reference | detectable killed (≥ 95 %) | Stryker's score | killed | timeout | survived | no coverage | equivalent (docs/mutation.md) | unexplained | errors | wall |", '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |', ...rows].join('\n')
}
