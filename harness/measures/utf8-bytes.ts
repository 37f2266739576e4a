import { textOf } from '#harness/measures/text-of.ts'

/** The number of bytes of a value's text in UTF-8 (a lone surrogate counts as U+FFFD, 3 bytes). */
export function utf8Bytes(value: unknown): number {
  return Buffer.byteLength(textOf(value), 'utf8')
}
