/** Which of a budget's cases a test explores: `runs` of them after the seed's first `from` (explorePort's `from`). */
export interface ExploredCases {
  from: number
  runs: number
}

/**
 * Test helper: a budget of `runs` cases in two parts — the seed's first `first` cases (half, by default) and the rest,
 * each case the one the whole budget has there — for two test files that, on two workers, explore one part each.
 */
export function twoParts(runs: number, first = Math.ceil(runs / 2)): readonly [ExploredCases, ExploredCases] {
  return [
    { from: 0, runs: first },
    { from: first, runs: runs - first },
  ]
}

/** What a test title says of the cases it explores: `cases 21–40`. */
export function casesTitle(cases: ExploredCases): string {
  return `cases ${cases.from + 1}–${cases.from + cases.runs}`
}
