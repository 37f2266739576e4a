import { readProc, type ProcEntry } from '#harness/adapters/stdio/proc-table.ts'

/** Sends `signal` to one process, if the pid still names the same process (same start time); a process gone is left alone. */
export function signalProcess(entry: ProcEntry, signal: NodeJS.Signals): void {
  if (readProc(entry.pid)?.startTime !== entry.startTime) return
  try {
    process.kill(entry.pid, signal)
  } catch {
    // gone between the check and the signal, or not ours to signal
  }
}
