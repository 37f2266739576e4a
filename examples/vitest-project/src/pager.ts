import { measure, type Ceiling, type MeasureName, type Page, type PagerPort, type PagerReadRequest, type PagerReadResult, type RunRecord } from 'contract-kit'

// --- the derived collections (docs/fixtures.md) ---

/** The collections a pager serves (docs/fixtures.md, "Derived collections"); any other name is unknown. */
export const collectionNames = ['model-exchanges', 'capability-calls'] as const

/** One of the two derived collections. */
export type CollectionName = (typeof collectionNames)[number]

/** Whether a requested collection name is one this pager serves. */
export function isCollectionName(name: unknown): name is CollectionName {
  return collectionNames.includes(name as CollectionName)
}

/** `o[k]` when `o` is a JSON object (not an array, not null) that has key `k`; otherwise `null`, never left out. */
function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  return Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : null
}

/** Derives the items of one collection from a run's raw records, step by step as docs/fixtures.md says. */
export function deriveItems(records: readonly RunRecord[], collection: CollectionName): unknown[] {
  // 1. by seq, ascending; Array.prototype.sort is stable, so equal seqs keep their array order
  const ordered = [...records].sort((a, b) => a.seq - b.seq)
  // 2. the first output of each call (lowest seq), wherever it stands relative to its input
  const outputs = new Map<string, unknown>()
  for (const record of ordered) {
    if (record.record_type !== 'capability-output' || typeof record.call_id !== 'string') continue
    if (!outputs.has(record.call_id)) outputs.set(record.call_id, record.payload)
  }
  // 3.–5. one item per paired input with a string call_id; index counted after skipping; keys in the documented order
  const items: unknown[] = []
  for (const record of ordered) {
    const id = record.call_id
    if (record.record_type !== 'capability-input' || typeof id !== 'string' || !outputs.has(id)) continue
    const output = outputs.get(id)
    if (collection === 'capability-calls') {
      items.push({ id, index: items.length, name: field(record.payload, 'name'), args: field(record.payload, 'args'), result: field(output, 'result') })
    } else if (field(record.payload, 'name') === 'llm-request') {
      const args = field(record.payload, 'args')
      items.push({ id, index: items.length, model: field(args, 'model'), messages: field(args, 'messages'), response: field(output, 'result') })
    }
  }
  return items
}

// --- paging (docs/pager-port.md, docs/measures.md) ---

/** The largest `limit` a read accepts, and the one a read without `limit` gets (docs/pager-port.md). */
export const maxLimit = 100

/** Options of `createPager`: none for the correct pager. */
export interface PagerOptions {
  /**
   * A deliberate fault, to see the contract suite catch it. The only one is `limit-ignored`: pages are fitted to the
   * ceilings alone and hold up to 100 items whatever `limit` the read asks for (a limit outside 1..100 is still
   * refused), which breaks `size/limit-is-upper-bound`. Absent or empty gives the correct pager; any other name throws.
   */
  mutant?: string
}

// Cursors are opaque to the caller but have a fixed width: the kit decides whether one more item would have fit by
// appending it to our page with our cursor kept, so a cursor that grew with the offset could make a page look short.
const cursorPattern = /^offset:(\d{8})$/

function cursorAt(offset: number): string {
  return `offset:${String(offset).padStart(8, '0')}`
}

/** What one more item adds to a page under a measure, not counting the comma before it (docs/measures.md). */
function itemCost(name: MeasureName, item: unknown): number {
  return name === 'retained-bytes' ? 8 + measure(name, item) : measure(name, item)
}

/** What each item after the first adds besides its own cost: a comma in the JSON text; nothing in retained bytes. */
function separator(name: MeasureName): number {
  return name === 'retained-bytes' ? 0 : 1
}

/** One derived collection of the current run, with what fitting its pages needs. */
class Collection {
  /** Metadata that depends only on the run and the collection, never on the page or the request. */
  readonly metadata: Record<string, unknown>
  /** Each ceiling's measure of the page with no items: [with a cursor, with `cursor: null`]. */
  private readonly empty: Array<[number, number]>
  /** The cursors handed out for this run (a page's, or the one past a refused item): the only ones read back. */
  private readonly handedOut = new Set<string>()
  /** Each item's cost under each ceiling's measure, computed the first time a page needs it. */
  private readonly costs: number[][] = []

  constructor(
    name: CollectionName,
    readonly items: unknown[],
    private readonly ceilings: readonly Ceiling[],
    recordCount: number,
  ) {
    this.metadata = { snapshot: { collection: name, records: recordCount } }
    this.empty = ceilings.map((c) => [measure(c.measure, this.page([], cursorAt(0))), measure(c.measure, this.page([], null))])
  }

  page(items: unknown[], cursor: string | null): Page {
    return { items, cursor, ...this.metadata }
  }

  /** Remembers a cursor given to the caller, so that it is read back, and returns it. */
  handOut(cursor: string | null): string | null {
    if (cursor !== null) this.handedOut.add(cursor)
    return cursor
  }

  /**
   * The offset a cursor stands for: `null`/absent is the start; otherwise only a cursor this pager handed out for this
   * run — one in its own format that no page ended at (offset 1 when pages ended at 7 and 14) is as invalid as garbage.
   */
  startOf(cursor: unknown): number | undefined {
    if (cursor === undefined || cursor === null) return 0
    if (typeof cursor !== 'string' || !this.handedOut.has(cursor)) return undefined
    return Number(cursorPattern.exec(cursor)![1])
  }

  private costOf(index: number): number[] {
    return (this.costs[index] ??= this.ceilings.map((c) => itemCost(c.measure, this.items[index])))
  }

  /** Whether the page of `count` items whose costs add up to `totals` fits every ceiling; `last`: its cursor is null. */
  private fits(count: number, totals: number[], last: boolean): boolean {
    return this.ceilings.every((c, i) => this.empty[i][last ? 1 : 0] + totals[i] + separator(c.measure) * (count - 1) <= c.max)
  }

  /**
   * The end of the largest non-empty prefix of the items from `start`, at most `bound` long, that fits every ceiling;
   * `start` when not even the first item fits alone. Linear: each item's cost is added to the empty page's size.
   */
  largestFittingEnd(start: number, bound: number): number {
    const total = this.items.length
    const stop = Math.min(total, start + bound)
    const totals = this.ceilings.map(() => 0)
    let best = start
    let end = start
    while (end < stop) {
      this.costOf(end).forEach((cost, i) => (totals[i] += cost))
      end++
      if (this.fits(end - start, totals, end === total)) best = end
      else break // a longer prefix only grows, except the one holding the last item, whose cursor is null (below)
    }
    if (end < stop && stop === total) {
      // the page holding the last item carries `cursor: null`, shorter than a cursor: it may fit where a shorter one did not
      for (let i = end; i < total; i++) this.costOf(i).forEach((cost, j) => (totals[j] += cost))
      if (this.fits(total - start, totals, true)) best = total
    }
    return best
  }
}

/** Makes a pager (the pager port of docs/pager-port.md) over the run it is last set up with. */
export function createPager(options: PagerOptions = {}): PagerPort {
  const limitIgnored = options.mutant === 'limit-ignored'
  if (options.mutant && !limitIgnored) throw new Error(`unknown pager mutant ${JSON.stringify(options.mutant)} (the only one is "limit-ignored")`)
  let records: readonly RunRecord[] = []
  let ceilings: readonly Ceiling[] = []
  let collections = new Map<CollectionName, Collection>()

  function collectionOf(name: CollectionName): Collection {
    let collection = collections.get(name)
    if (!collection) collections.set(name, (collection = new Collection(name, deriveItems(records, name), ceilings, records.length)))
    return collection
  }

  return {
    async setup(request) {
      // a setup replaces everything an earlier one gave, the collections already derived included
      records = request.records ?? []
      ceilings = request.ceilings ?? []
      collections = new Map()
    },

    async read(request: PagerReadRequest): Promise<PagerReadResult> {
      const limit = request.limit ?? maxLimit
      if (!Number.isInteger(limit) || limit < 1 || limit > maxLimit) {
        return fail('invalid_limit', `limit must be an integer from 1 to ${maxLimit}, got ${JSON.stringify(request.limit)}`)
      }
      if (!isCollectionName(request.collection)) return fail('unknown_collection', `no collection named ${JSON.stringify(request.collection)}`)
      const collection = collectionOf(request.collection)
      const total = collection.items.length
      const start = collection.startOf(request.cursor)
      if (start === undefined) return fail('invalid_cursor', `not a cursor of this run: ${JSON.stringify(request.cursor)}`)
      if (total === 0) return { ok: true, page: collection.page([], null) }

      const bound = limitIgnored ? maxLimit : limit // the mutant's one fault: the requested limit is not the bound
      const end = collection.largestFittingEnd(start, bound)
      if (end > start) return { ok: true, page: collection.page(collection.items.slice(start, end), collection.handOut(end < total ? cursorAt(end) : null)) }
      // the item at `start` cannot fit a page alone: refuse it, with a cursor just past it (null after the last)
      const after = collection.handOut(start + 1 < total ? cursorAt(start + 1) : null)
      return fail('result_limit_exceeded', `item ${start} of ${request.collection} alone does not fit the ceilings`, { cursor: after })
    },
  }
}

function fail(code: string, message: string, data?: { cursor: string | null }): PagerReadResult {
  return { ok: false, error: { code, message, ...(data ? { data } : {}) } }
}
