import type { MeasureName } from '#harness/measures/measure-name.ts'
import { measure } from '#harness/measures/measure.ts'
import { wordBytes } from '#harness/measures/retained-bytes.ts'

/**
 * A page's measure, the same as `measure(name, page)`, worked out by the rule of docs/measures.md ("Measuring a page"):
 * the page with no items, plus each item's own measure (8 bytes more each in retained bytes) and a comma between two
 * items. Each item is measured once however many pages are built around it (`measure` remembers it), so judging the
 * pages a History could have held costs the items once, not once a page. A page whose items are not all objects or
 * arrays (a text measure counts a string item by its JSON text there, by itself alone) is measured whole.
 */
export function measurePage(name: MeasureName, page: { readonly items: readonly unknown[]; readonly [field: string]: unknown }): number {
  const { items } = page
  if (!items.every((item) => typeof item === 'object' && item !== null)) return measure(name, page)
  let total = measure(name, { ...page, items: [] })
  for (const item of items) total += measure(name, item)
  return total + (name === 'retained-bytes' ? wordBytes * items.length : Math.max(0, items.length - 1))
}
