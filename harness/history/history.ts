import type { SystemInfo } from '#harness/adapters/adapter.ts'
import type { Ceiling } from '#harness/ports/pager-port.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'

/** How an operation ended, as in Jepsen: `ok`, `fail` (a definite error answer), `info` (indeterminate: the adapter failed). */
export type CompletionType = 'ok' | 'fail' | 'info'

/** The start of one operation the driver invoked on the implementation. */
export interface InvokeEvent {
  type: 'invoke'
  index: number
  /** Milliseconds since the History began (monotonic clock); for reading, never asserted on. */
  time: number
  /** The operation, `port.operation` (`pager.read`). */
  f: string
  value: unknown
  /** Which step of the scenario issued it (0-based). */
  step: number
}

/** The end of one operation: its answer, and the sizes the kit measured on it. */
export interface CompletionEvent {
  type: CompletionType
  index: number
  time: number
  f: string
  /** The index of the invoke this completes. */
  invoke: number
  value?: unknown
  error?: { code: string; message: string; data?: unknown }
  /** The value of every ceiling's measure over the returned value, measured by the kit. */
  sizes?: Partial<Record<MeasureName, number>>
  /** Whether the caller's dispatcher accepted the value (every ceiling fits); when not, the first ceiling it broke. */
  dispatcher?: { accepted: true } | { accepted: false; measure: MeasureName; value: number; max: number }
}

/** Something the kit did to the system or its surroundings (a fault, a restart), or a note from the driver. */
export interface NoteEvent {
  type: 'note'
  index: number
  time: number
  what: string
  value?: unknown
}

/** One entry of a History. */
export type HistoryEvent = InvokeEvent | CompletionEvent | NoteEvent

/** The expected content of one collection, derived by the kit from the fixture: the oracle the contracts compare against. */
export interface CollectionOracle {
  collection: string
  /** A stable id for each item, in order (used in witnesses). */
  ids: string[]
  items: unknown[]
}

/** Everything a driver recorded while replaying one scenario against one system: enough to judge it again offline. */
export interface History {
  format: 'contract-kit/history@1'
  scenario: string
  adapter: string
  port: string
  system: SystemInfo | null
  fixture: { name: string; hash: string } | null
  ceilings: Ceiling[]
  oracle: CollectionOracle[]
  /** The scenario's steps, as given (drivers and contracts read their kinds). */
  steps: unknown[]
  /** The contracts the scenario asks to judge. */
  contracts: string[]
  events: HistoryEvent[]
  /** What the implementation wrote to stderr during the run. */
  stderr: string
}
