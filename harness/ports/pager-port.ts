import type { MeasureName } from '#harness/measures/measure-name.ts'

/** A size limit a page must fit: the value of `measure` over the whole page is at most `max`. */
export interface Ceiling {
  measure: MeasureName
  max: number
}

/** One raw record of a run, as stored by the platform (see docs/fixtures.md). */
export interface RunRecord {
  seq: number
  record_type: string
  call_id?: string
  payload: Record<string, unknown>
}

/** What `pager.setup` hands the implementation. */
export interface PagerSetup {
  records: RunRecord[]
  ceilings: Ceiling[]
}

/** What `pager.read` asks for; `limit` defaults to 100 and `cursor` to the start. */
export interface PagerReadRequest {
  collection: string
  limit?: number
  cursor?: string | null
}

/** A page: its items, the cursor to the next page (`null` at the end), and any metadata the implementation adds. */
export interface Page {
  items: unknown[]
  cursor: string | null
  [metadata: string]: unknown
}

/** The error codes a pager may answer a read with. */
export type PagerErrorCode = 'result_limit_exceeded' | 'invalid_limit' | 'unknown_collection' | 'invalid_cursor'

/** An error a pager answers with instead of a page; `data.cursor` points past an item that cannot fit alone. */
export interface PagerError {
  code: PagerErrorCode | string
  message: string
  data?: { cursor?: string | null; [key: string]: unknown }
}

/** The outcome of one read: a page or a pager error. */
export type PagerReadResult = { ok: true; page: Page } | { ok: false; error: PagerError }

/** The pager port: reads a run's derived collections page by page within ceilings. */
export interface PagerPort {
  /** Hands the implementation the raw records of one run and the ceilings every page must fit. */
  setup(request: PagerSetup): Promise<void>
  /** Reads one page of a collection. */
  read(request: PagerReadRequest): Promise<PagerReadResult>
}
