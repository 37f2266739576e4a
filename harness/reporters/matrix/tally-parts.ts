import type { MatrixCell } from '#harness/reporters/matrix/matrix-model.ts'

/**
 * A cell's counts in words: `7/8 held` first — the runs where the contract held (with evidence; a stale entry's too) of the
 * runs that judged it — then each other state that occurred, worst first, and the runs that gave it nothing to judge
 * (`2 n/a`), counted apart. A cell whose every run was not-applicable says `n/a`, never `0/0 held`.
 */
export function tallyParts(cell: MatrixCell): string[] {
  const total = cell.runs.length
  if (total === 0) return ['not run']
  const c = cell.counts
  const held = cell.runs.filter((r) => r.outcome.verdict === 'held').length
  const na = cell.runs.filter((r) => r.outcome.verdict === 'not-applicable')
  const exercised = na.filter((r) => r.unjudged).length
  const rest = (['broken', 'unknown', 'expected-broken', 'stale'] as const).filter((s) => c[s] > 0).map((s) => `${c[s]} ${s}`)
  if (na.length === total) return ['n/a', `${total} run${total === 1 ? '' : 's'}, nothing to judge${exercised ? ` (${exercised} exercised)` : ''}`, ...rest]
  return [`${held}/${total - na.length} held`, ...rest, ...(na.length > 0 ? [`${na.length} n/a${exercised ? ` (${exercised} exercised)` : ''}`] : [])]
}
