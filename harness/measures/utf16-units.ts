import { textOf } from '#harness/measures/text-of.ts'

/** The number of UTF-16 code units of a value's text (what JavaScript's `length` counts). */
export function utf16Units(value: unknown): number {
  return textOf(value).length
}
