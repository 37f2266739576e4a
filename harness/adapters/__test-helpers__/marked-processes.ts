import { environHolds, readProcTable } from '#harness/adapters/stdio/proc-table.ts'
import { runMarkerVariable } from '#harness/adapters/stdio/run-marker.ts'

/** Test helper: the pids of the running processes (zombies excluded) whose environment carries a run's token. */
export function markedProcesses(token: string): number[] {
  return readProcTable()
    .filter((entry) => entry.state !== 'Z' && entry.state !== 'X' && environHolds(entry.pid, runMarkerVariable, token))
    .map((entry) => entry.pid)
}
