/** The environment variable that gives a suite file the part of its runs to declare (`k/n`: every n-th run, from the k-th). */
export const suitePartVariable = 'CONTRACT_KIT_SUITE_PART'

/** One part of a suite file's runs: the k-th of n (1-based). */
export interface SuitePart {
  k: number
  n: number
}

/**
 * The part of its runs a suite file declares, from `CONTRACT_KIT_SUITE_PART` (`k/n`, set by the kit's own `npm test` on
 * a suite it splits into projects), or the whole (`1/1`) when it is unset. A malformed value is an error naming it.
 */
export function readSuitePart(env: NodeJS.ProcessEnv = process.env): SuitePart {
  const value = env[suitePartVariable]
  if (value === undefined || value === '') return { k: 1, n: 1 }
  const match = /^([1-9]\d*)\/([1-9]\d*)$/.exec(value)
  const [k, n] = match ? [Number(match[1]), Number(match[2])] : [0, 0]
  if (!match || k > n) throw new Error(`${suitePartVariable}: expected k/n with 1 ≤ k ≤ n (as 2/3), got ${JSON.stringify(value)}`)
  return { k, n }
}

/** Whether the i-th run (0-based; a suite file shifts each adapter's count by its place in the plan) belongs to the part. */
export function inSuitePart(part: SuitePart, i: number): boolean {
  return i % part.n === part.k - 1
}
