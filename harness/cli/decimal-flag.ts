import { UsageError } from '#harness/cli/usage-error.ts'

/** The largest time a flag may give in milliseconds: Node's timers shorten anything longer (to 1 ms, with a warning). */
export const maxTimerMs = 2 ** 31 - 1

/**
 * A flag's whole number, written in decimal digits only (no sign, exponent, hex, fraction or spaces: `0x10`, `1e3`
 * and ` 12` are refused), from `min` to `max`; anything else is a one-line UsageError naming the flag.
 */
export function decimalFlag(flag: string, text: string, range: { min: number; max: number; what?: string }): number {
  const value = /^\d{1,16}$/.test(text) ? Number(text) : Number.NaN
  if (!(Number.isSafeInteger(value) && value >= range.min && value <= range.max)) {
    throw new UsageError(`${flag}: expected ${range.what ?? 'a whole number'} from ${range.min.toLocaleString('en-US')} to ${range.max.toLocaleString('en-US')}, in decimal digits, got ${JSON.stringify(text)}`)
  }
  return value
}
