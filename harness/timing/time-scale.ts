import { UsageError } from '#harness/cli/usage-error.ts'

/** The environment variable that sets a run's time scale (as `--time-scale` does). */
export const timeScaleVariable = 'CONTRACT_KIT_TIME_SCALE'

/** The largest time scale the kit takes: a 600 ms deadline becomes a minute. */
export const maxTimeScale = 100

/** The scales an inconclusive timing-bound run is run at, as multiples of the run's own: the first attempt, then twice, then four times. */
export const settlingFactors: readonly number[] = [1, 2, 4]

/** A duration the kit gives an implementation or controls itself, multiplied by the time scale (whole milliseconds, rounded up). */
export function scaleMs(ms: number, scale: number): number {
  return scale === 1 ? ms : Math.ceil(ms * scale)
}

/** Whether a number is a time scale the kit takes: from 1 to 100, with at most three decimals. */
export function isTimeScale(value: number): boolean {
  return Number.isFinite(value) && value >= 1 && value <= maxTimeScale && Math.round(value * 1000) === value * 1000
}

/**
 * A time scale written as text (a flag's or a variable's value): a decimal number from 1 to 100 (`2`, `1.5`); anything
 * else is a one-line UsageError naming where it came from.
 */
export function parseTimeScale(where: string, text: string): number {
  const value = /^\d{1,3}(\.\d{1,3})?$/.test(text) ? Number(text) : Number.NaN
  if (!isTimeScale(value)) throw new UsageError(`${where}: expected a time scale from 1 to ${maxTimeScale} (a decimal number such as 2 or 1.5), got ${JSON.stringify(text)}`)
  return value
}

/** The run's time scale: `--time-scale` when given, else `CONTRACT_KIT_TIME_SCALE` when set (and not empty), else 1. */
export function runTimeScale(flag: string | undefined, env: NodeJS.ProcessEnv = process.env): number {
  if (flag !== undefined) return parseTimeScale('--time-scale', flag)
  const text = env[timeScaleVariable]
  return text === undefined || text === '' ? 1 : parseTimeScale(timeScaleVariable, text)
}
