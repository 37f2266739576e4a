import type { Connection } from '#harness/adapters/adapter.ts'
import type { History, HistoryBase } from '#harness/history/history.ts'
import type { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { Scenario } from '#harness/scenario/scenario-schema.ts'

/** The fields of a History every driver gets from the runner. */
export type HistoryFields = Omit<HistoryBase, 'format' | 'events' | 'fixture'>

/**
 * Replays the scenarios of one port: prepares what needs no system (fixtures, oracle, limits), drives a connection
 * while recording every invoke and completion, and assembles the History. Drivers never judge.
 */
export interface Driver<S extends Scenario = Scenario, R = unknown> {
  /** Loads and derives everything the scenario needs before a system is reached; throws on a fixture that drifted. */
  prepare(scenario: S): R
  /** Replays the prepared scenario against the connection, recording into `recorder`; an AdapterError stops it. */
  drive(connection: Connection, prepared: R, recorder: HistoryRecorder): Promise<void>
  /** The History of a finished (or stopped) replay. */
  history(prepared: R, fields: HistoryFields, recorder: HistoryRecorder): History
  /** The figures a person reads first in a report (a reply's bytes, its last line…), if the port has any. */
  observe?(history: History): Record<string, unknown>
}
