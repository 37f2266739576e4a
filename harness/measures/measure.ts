import type { MeasureName } from '#harness/measures/measure-name.ts'
import { utf8Bytes } from '#harness/measures/utf8-bytes.ts'
import { runes } from '#harness/measures/runes.ts'
import { utf16Units } from '#harness/measures/utf16-units.ts'
import { jsonBytes } from '#harness/measures/json-bytes.ts'
import { retainedBytes } from '#harness/measures/retained-bytes.ts'

/** Each measure by name: a function from a JSON value to a non-negative integer. */
export const measures: Record<MeasureName, (value: unknown) => number> = {
  'utf8-bytes': utf8Bytes,
  runes,
  'utf16-units': utf16Units,
  'json-bytes': jsonBytes,
  'retained-bytes': retainedBytes,
}

const caches = Object.fromEntries(Object.keys(measures).map((name) => [name, new WeakMap<object, number>()])) as Record<MeasureName, WeakMap<object, number>>

/**
 * The value of one named measure over a JSON value. Objects are measured once per measure and remembered, so a value
 * must not be changed after it is measured (the kit never changes a value it received).
 */
export function measure(name: MeasureName, value: unknown): number {
  if (typeof value !== 'object' || value === null) return measures[name](value)
  const known = caches[name]
  let size = known.get(value)
  if (size === undefined) known.set(value, (size = measures[name](value)))
  return size
}
