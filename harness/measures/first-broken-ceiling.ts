import type { Ceiling } from '#harness/ports/pager-port.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'

/** A ceiling a value does not fit: the measure, the value measured, and the ceiling's max. */
export interface CeilingExcess {
  measure: MeasureName
  value: number
  max: number
}

/** The first ceiling (in the given order) a value does not fit, or `undefined` when it fits every one; `measureWith` measures it (default `measure`). */
export function firstBrokenCeiling<V>(value: V, ceilings: readonly Ceiling[], measureWith: (name: MeasureName, value: V) => number = measure): CeilingExcess | undefined {
  const cache = new Map<MeasureName, number>()
  for (const c of ceilings) {
    if (!cache.has(c.measure)) cache.set(c.measure, measureWith(c.measure, value))
    const measured = cache.get(c.measure)!
    if (measured > c.max) return { measure: c.measure, value: measured, max: c.max }
  }
  return undefined
}
