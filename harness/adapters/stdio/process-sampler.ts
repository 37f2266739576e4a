import { readProcTable } from '#harness/adapters/stdio/proc-table.ts'
import type { RunProcesses } from '#harness/adapters/stdio/run-processes.ts'

const intervalMs = 100
const runs = new Set<RunProcesses>()
let timer: NodeJS.Timeout | undefined

function sample(): void {
  const table = readProcTable()
  for (const run of runs) run.learn(table)
}

/**
 * Reads /proc every 100 ms (about a millisecond each time) while any run is watched, and lets each run learn the
 * processes started since: one shared timer for every implementation the kit is running, never keeping the kit alive.
 */
export const processSampler = {
  /** Starts watching a run (and samples once at once). */
  watch(run: RunProcesses): void {
    runs.add(run)
    run.learn(readProcTable())
    if (!timer) {
      timer = setInterval(sample, intervalMs)
      timer.unref()
    }
  },
  /** Stops watching a run; the timer stops with the last one. */
  forget(run: RunProcesses): void {
    runs.delete(run)
    if (runs.size === 0 && timer) {
      clearInterval(timer)
      timer = undefined
    }
  },
  /** Every run watched now (for the kit's exit hook). */
  watched(): ReadonlySet<RunProcesses> {
    return runs
  },
}
