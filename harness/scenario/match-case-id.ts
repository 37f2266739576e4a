/**
 * Whether a case id matches a pattern: `*` matches within one path segment (never `/`), a `**` segment matches any
 * number of segments (zero included), everything else (`:` too) is literal.
 */
export function matchCaseId(pattern: string, id: string): boolean {
  const wanted = pattern.split('/')
  const segments = id.split('/')
  // memo[i][j]: whether wanted[i..] matches segments[j..], filled from the end.
  const memo: boolean[][] = Array.from({ length: wanted.length + 1 }, () => new Array<boolean>(segments.length + 1).fill(false))
  memo[wanted.length]![segments.length] = true
  for (let i = wanted.length - 1; i >= 0; i--) {
    const part = wanted[i]!
    const single = part === '**' ? undefined : segmentPattern(part)
    for (let j = segments.length; j >= 0; j--) {
      memo[i]![j] = single
        ? j < segments.length && single.test(segments[j]!) && memo[i + 1]![j + 1]!
        : memo[i + 1]![j]! || (j < segments.length && memo[i]![j + 1]!)
    }
  }
  return memo[0]![0]!
}

/** A regular expression for one pattern segment: `*` is any run of characters, the rest literal. */
function segmentPattern(part: string): RegExp {
  const source = part
    .split('*')
    .map((literal) => literal.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*')
  return new RegExp(`^${source}$`, 's')
}
