import type { Page } from '#harness/ports/pager-port.ts'
import type { PagerRead } from '#harness/contracts/pager/pager-reads.ts'
import type { IndexedOracle } from '#harness/contracts/pager/pager-reads.ts'

/** A short description of where a read happened, for a witness: the event, the step and the request. */
export function describeRead(read: PagerRead): Record<string, unknown> {
  return { event: read.invoke.index, step: read.step, request: read.request }
}

/** A page as a witness shows it: its item count, the ids of its first and last items, its cursor. */
export function describePage(page: Page, oracle: IndexedOracle | undefined): Record<string, unknown> {
  const idOf = (item: unknown) => {
    const i = oracle?.indexOf(item)
    return i === undefined ? '(not in the oracle)' : oracle!.ids[i]
  }
  const n = page.items.length
  return { items: n, ...(n > 0 ? { first: idOf(page.items[0]), last: idOf(page.items[n - 1]) } : {}), cursor: page.cursor }
}

/** A request as one line: `model-exchanges, limit 100, cursor null`. */
export function requestLine(read: PagerRead): string {
  const r = read.request
  return `${r.collection}, limit ${r.limit ?? 'default'}, cursor ${r.cursor == null ? 'null' : JSON.stringify(r.cursor)}`
}
