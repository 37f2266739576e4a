import type { Connection, OpenOptions } from '#harness/adapters/adapter.ts'
import type { History, HistoryBase } from '#harness/history/history.ts'
import type { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'
import type { Observation } from '#harness/adapters/observation.ts'

/** What a driver may do beyond its connection: start a fresh implementation (a new process for a stdio one), in a folder of its choosing. */
export interface DriveContext {
  open(options?: OpenOptions): Promise<Connection>
}

/** The fields of a History every driver gets from the runner. */
export type HistoryFields = Omit<HistoryBase, 'format' | 'events' | 'fixture'>

/**
 * Replays the scenarios of one port: prepares what needs no system (fixtures, oracle, limits), drives a connection
 * while recording every invoke and completion, and assembles the History. Drivers never judge.
 */
export interface Driver<S extends Scenario = Scenario, R = unknown> {
  /** What replaying this scenario needs to observe of the implementation (a process to kill and restart…), beyond its answers. */
  needs?(scenario: S): Observation[]
  /** Loads and derives everything the scenario needs before a system is reached; throws on a fixture that drifted. */
  prepare(scenario: S): R
  /**
   * Replays the prepared scenario against the connection, recording into `recorder`; an AdapterError stops it. A
   * driver that kills and restarts the implementation opens its own connections with `context.open` (and closes them).
   */
  drive(connection: Connection, prepared: R, recorder: HistoryRecorder, context: DriveContext): Promise<void>
  /** The History of a finished (or stopped) replay. */
  history(prepared: R, fields: HistoryFields, recorder: HistoryRecorder): History
  /** The figures a person reads first in a report (a reply's bytes, its last line…), if the port has any. */
  observe?(history: History): Record<string, unknown>
}
