import type { Stats } from '#harness/bench/sample.ts'

/** One line of the benchmark's table: what was measured, against what, the ratio and the target it is held to. */
export interface BenchRow {
  /** The comparison's group (`scenario`, `startup`, `transport`, `http2`, `measures`, `scaling`, `main job`). */
  group: string
  /** What this row measures, in words (`one scenario through the CLI vs the hand-written vitest test`). */
  name: string
  /** The kit's figures. */
  subject: Stats
  /** The unit of `subject` and `baseline` (`ms`, `MiB`, `frames/s`, …). */
  unit: string
  /** The hand-written or bare equivalent's figures, when the row compares. */
  baseline?: Stats
  /** subject.median / baseline.median (or as the row says), when there is a ratio. */
  ratio?: number
  /** The target in words (`≤ 1.3×`, `≤ 0.5 s`, `≤ 12× per 10×`), when the issue sets one. */
  target?: string
  /** Whether the target was met. */
  met?: boolean
  /** Anything else the reader needs (peak memory, sizes, a floor and why). */
  note?: string
}

/** A ratio of two medians, rounded to two decimals. */
export function ratioOf(subject: Stats, baseline: Stats): number {
  return Math.round((subject.median / baseline.median) * 100) / 100
}
