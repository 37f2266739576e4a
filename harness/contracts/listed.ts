/** Up to `max` items joined by commas, with `…` and how many more when there are more: `c-2, c-3, c-4, … (6 more)`. */
export function listed(items: readonly string[], max = 3): string {
  const shown = items.slice(0, max).join(', ')
  return items.length > max ? `${shown}, … (${items.length - max} more)` : shown
}
