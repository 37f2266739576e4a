import type { Page } from '#harness/ports/pager-port.ts'
import type { PagerRead } from '#harness/contracts/pager/pager-reads.ts'
import type { IndexedOracle } from '#harness/contracts/pager/pager-reads.ts'
import { counted } from '#harness/contracts/counted.ts'
import { quoted, shownWord, visibleJson } from '#harness/contracts/text-difference.ts'

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

/** A request as one line: `model-exchanges, limit 100, cursor null`; a collection name that is no plain word is quoted (`"model exchanges"`). */
export function requestLine(read: PagerRead): string {
  const r = read.request
  return `${shownWord(r.collection)}, limit ${r.limit ?? 'default'}, cursor ${r.cursor == null ? 'null' : typeof r.cursor === 'string' ? quoted(r.cursor) : visibleJson(r.cursor, 80)}`
}

/** How a History's reads were answered, on one line for a reason: `3 reads: 2 empty pages, 1 result_limit_exceeded`. */
export function answersLine(reads: readonly PagerRead[]): string {
  const kinds = new Map<string, number>()
  for (const { outcome: o } of reads) {
    const kind =
      o.kind === 'page' ? (o.page.items.length === 0 ? 'empty page' : 'page of items')
      : o.kind === 'rejected' ? 'page the dispatcher rejected'
      : o.kind === 'error' ? o.code
      : o.kind === 'adapter-failure' ? 'adapter failure'
      : 'unanswered read'
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1)
  }
  const plural = (kind: string) => (kind.startsWith('page') ? kind.replace('page', 'pages') : kind.includes(' ') ? `${kind}s` : kind)
  const parts = [...kinds].map(([kind, n]) => `${n.toLocaleString('en-US')} ${n === 1 ? kind : plural(kind)}`)
  return `${counted(reads.length, 'read')}${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`
}
