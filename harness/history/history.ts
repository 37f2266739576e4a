import type { SystemInfo } from '#harness/adapters/adapter.ts'
import type { Ceiling } from '#harness/ports/pager-port.ts'
import type { MeasureName } from '#harness/measures/measure-name.ts'
import type { AdapterFailure } from '#harness/adapters/adapter-error.ts'
import type { Observation } from '#harness/adapters/observation.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'

/** How an operation ended, as in Jepsen: `ok`, `fail` (a definite error answer), `info` (indeterminate: the adapter failed). */
export type CompletionType = 'ok' | 'fail' | 'info'

/** The start of one operation the driver invoked on the implementation. */
export interface InvokeEvent {
  type: 'invoke'
  index: number
  /** Milliseconds since the History began (monotonic clock): for reading, and for the order of two calls far enough apart (durability/records-ordered). */
  time: number
  /** The operation, `port.operation` (`pager.read`). */
  f: string
  value: unknown
  /** Which step of the scenario issued it (0-based). */
  step: number
  /** The wall clock read just before it was sent, where the driver notes it (agent-log starts and completions): their records' stamps are judged against it. */
  wall?: WallRead
}

/**
 * One read of the wall clock (`Date.now()`, ms since the epoch) between two reads of the monotonic clock: `gap` is how
 * long those took (ms), so the wall reading stands for a moment no more than `gap` away from either.
 */
export interface WallRead {
  at: number
  /** The first monotonic read (ms, `performance.now()` of the kit's process): two wall reads of one run are compared with two of these, to see the wall clock step. */
  mono: number
  gap: number
}

/** The end of one operation: its answer, and the sizes the kit measured on it. */
export interface CompletionEvent {
  type: CompletionType
  index: number
  time: number
  f: string
  /** The index of the invoke this completes. */
  invoke: number
  /** The wall clock read just after the answer came, where its invoke has one. */
  wall?: WallRead
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

/** The format tag of a History file; `judge` reads this one only. */
export const historyFormat = 'contract-kit/history@2'

/** Why a replay stopped before its end, or never started: the adapter failed, or the connection cannot observe what the scenario needs. */
export interface HistoryFailure {
  failure: AdapterFailure
  message: string
}

/** What every History holds, whatever its port: enough to judge it again offline and reach the verdict the run reached. */
export interface HistoryBase {
  format: typeof historyFormat
  scenario: string
  adapter: string
  /** The time scale the run was given (absent in a History written before it was kept: 1); `given` holds the durations already scaled. */
  timeScale?: number
  system: SystemInfo | null
  fixture: { name: string; hash: string } | null
  /** The contracts the scenario exercises (named in it, or derived from its steps): each must be judged held or broken. */
  exercises: string[]
  /** What the kit could observe of the implementation through its connection (stderr, pid, kill and restart, files). */
  observes: Observation[]
  /** Why the replay stopped (the adapter failed), or never ran (`untestable`); absent when it ran to its end. */
  failure?: HistoryFailure
  /** The known-failing and known-flaky entries that applied to this run (none with `--no-expectations`). */
  expectations: KnownFailingEntry[]
  events: HistoryEvent[]
  /** What the implementation wrote to stderr during the run. */
  stderr: string
}

/** The History of a pager scenario: the ceilings, the oracle collections and the steps it replayed. */
export interface PagerHistory extends HistoryBase {
  port: 'pager'
  ceilings: Ceiling[]
  oracle: CollectionOracle[]
  /** The scenario's steps, as given (drivers and contracts read their kinds). */
  steps: unknown[]
}

/** The History of a scenario whose driver keeps its setting and its oracle as records: the session-client, snapshotter and tool-output ports. */
export interface ScriptedHistory extends HistoryBase {
  port: 'session-client' | 'snapshotter' | 'tool-output' | 'agent-log'
  /** The scenario's `given`, as resolved (defaults applied). */
  given: Record<string, unknown>
  /** What the kit derived to judge against: the session served and its reply, a page's real depth, the whole tool output. */
  oracle: Record<string, unknown>
}

/** The History of a session-client scenario: what the server was scripted to do and what the client should end with. */
export type SessionClientHistory = ScriptedHistory & { port: 'session-client' }

/** The History of a snapshotter scenario: the page and its snapshot at each depth. */
export type SnapshotterHistory = ScriptedHistory & { port: 'snapshotter' }

/** The History of a tool-output scenario: the whole output, the tool's answer, the sandbox before and after, the remedies and the recovery. */
export type ToolOutputHistory = ScriptedHistory & { port: 'tool-output' }

/** The History of an agent-log scenario: the processes started, killed and restarted (with pids), each call, the records read back, the sandbox. */
export type AgentLogHistory = ScriptedHistory & { port: 'agent-log' }

/** Everything a driver recorded while replaying one scenario against one system: enough to judge it again offline. */
export type History = PagerHistory | ScriptedHistory
