import type { MatrixCell } from '#harness/reporters/matrix/matrix-model.ts'

/** A cell's counts in words: `7/8 held` first (stale counts as held: the contract held), then each other state that occurred, worst first. */
export function tallyParts(cell: MatrixCell): string[] {
  const total = cell.runs.length
  if (total === 0) return ['not run']
  const c = cell.counts
  const rest = (['broken', 'unknown', 'expected-broken', 'stale'] as const).filter((s) => c[s] > 0).map((s) => `${c[s]} ${s}`)
  return [`${c.held + c.stale}/${total} held`, ...rest]
}
