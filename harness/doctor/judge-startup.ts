import type { CheckResult } from '#harness/doctor/diagnosis.ts'
import { suggestTimeScale } from '#harness/doctor/suggest-time-scale.ts'

/** What doctor saw starting an implementation several times: each start-up time, or why a start gave none. */
export interface StartupTimes {
  /** How many starts doctor made (or meant to make). */
  starts: number
  /** Each measured start-up, in milliseconds, in start order. */
  timesMs: number[]
  /** Why a start gave no start-up time ("start 2 of 3: initialize got no answer within 10000 ms"); the check then fails. */
  problem?: string
  /** Lines worth showing with the problem (the end of that start's stderr). */
  problemDetails?: string[]
  /** What to change about the problem. */
  problemFix?: string
}

/** The shortest deadline the kit gives the implementation's port, and where it comes from. */
export interface StartupDeadline {
  ms: number
  /** "the least timeoutMs of the bundled session-client scenarios (session-client/frame-outlasts-timeout)". */
  source: string
}

function median(sorted: readonly number[]): number {
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}

const ms = (value: number): string => `${Math.round(value)} ms`

/**
 * Judges start-up times against the shortest deadline the kit gives: the slowest and the median start-up, and the time
 * scale `suggestTimeScale` gives for the slowest (ok at 1, a warning with the flag and the profile field to set above
 * it); a start that gave no time fails. `measuredTo` says where each time ends ("the answer to initialize").
 */
export function judgeStartup(times: StartupTimes, deadline: StartupDeadline, measuredTo: string): CheckResult {
  const each = times.timesMs.length === 0 ? [] : [`each start, from spawn to ${measuredTo}: ${times.timesMs.map((t) => Math.round(t)).join(', ')} ms`]
  if (times.problem !== undefined) {
    return { id: 'startup', status: 'fail', summary: times.problem, details: [...each, ...(times.problemDetails ?? [])], ...(times.problemFix ? { fix: times.problemFix } : {}) }
  }
  const sorted = [...times.timesMs].sort((a, b) => a - b)
  const slowest = sorted[sorted.length - 1]!
  const { scale, enough } = suggestTimeScale(slowest, deadline.ms)
  const limit = enough ? '' : ` (the most doctor suggests, and not enough: 3 × ${ms(slowest)} > ${deadline.ms} ms × 16)`
  const summary = `start-up ${ms(slowest)} (slowest of ${times.starts}; median ${ms(median(sorted))}); suggested --time-scale ${scale}${limit}`
  const details = [...each, `the shortest deadline the kit gives it: ${deadline.ms} ms, ${deadline.source}; start-up may take a third of it, times the scale`]
  if (scale === 1) return { id: 'startup', status: 'ok', summary, details }
  const fix = [
    `Run it with --time-scale ${scale} (or CONTRACT_KIT_TIME_SCALE=${scale}), or set timeScale: ${scale} in its profile:`,
    `every deadline, per-try limit and delay the kit gives it is then ${scale} times as long.`,
    ...(enough ? [] : ['Even so, start-up takes more than a third of its deadline: make it start faster (fewer imports at start, a compiled build).']),
  ].join('\n')
  return { id: 'startup', status: 'warn', summary, details, fix }
}
