/** Figures of repeated runs of one thing: the least, the median and the most, in the unit measured. */
export interface Stats {
  min: number
  median: number
  max: number
  runs: number
}

/** Stats of a list of figures. */
export function statsOf(values: readonly number[]): Stats {
  if (values.length === 0) throw new Error('statsOf: no figures')
  const sorted = [...values].sort((a, b) => a - b)
  const middle = sorted.length >> 1
  const median = sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
  return { min: sorted[0]!, median, max: sorted[sorted.length - 1]!, runs: sorted.length }
}

/**
 * Times `fn` `runs` times after `warmup` untimed runs, in milliseconds of wall time (performance.now), alternating
 * nothing else: for a side-by-side comparison use `samplePair`, which interleaves the two so load hits both alike.
 */
export async function sample(fn: () => unknown, runs: number, warmup = 1): Promise<Stats> {
  for (let i = 0; i < warmup; i++) await fn()
  const times: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    await fn()
    times.push(performance.now() - start)
  }
  return statsOf(times)
}

/** Times two things in alternation (a, b, a, b, …) after one warm-up of each: the fairest side by side on a busy machine. */
export async function samplePair(a: () => unknown, b: () => unknown, runs: number, warmup = 1): Promise<[Stats, Stats]> {
  for (let i = 0; i < warmup; i++) {
    await a()
    await b()
  }
  const ta: number[] = []
  const tb: number[] = []
  for (let i = 0; i < runs; i++) {
    let start = performance.now()
    await a()
    ta.push(performance.now() - start)
    start = performance.now()
    await b()
    tb.push(performance.now() - start)
  }
  return [statsOf(ta), statsOf(tb)]
}
