import { setTimeout as delay } from 'node:timers/promises'
import type { ProcEntry } from '#harness/adapters/stdio/proc-table.ts'
import { signalProcess } from '#harness/adapters/stdio/signal-process.ts'
import type { RunProcesses } from '#harness/adapters/stdio/run-processes.ts'

const pollMs = 20
const killWaitMs = 2_000
const maxFreezeRounds = 50
const quietScans = 2

/**
 * Ends every process of a run that still runs: SIGTERM, up to `graceMs` for them to exit, then SIGSTOP until no new
 * one appears (so none can fork away while it is killed), then SIGKILL, waiting (bounded) until they are gone.
 * Resolves with every process it found, in the order found.
 */
export async function endRunProcesses(run: RunProcesses, graceMs: number): Promise<ProcEntry[]> {
  const found = new Map<number, ProcEntry>()
  const note = (entries: ProcEntry[]) => {
    for (const entry of entries) if (!found.has(entry.pid)) found.set(entry.pid, entry)
    return entries
  }
  // a process caught between fork, setsid and exec can be missed by one scan: none found counts only once a few
  // scans in a row agree
  const settledFind = async (): Promise<ProcEntry[]> => {
    for (let scan = 0; ; scan += 1) {
      const now = note(run.find())
      if (now.length > 0 || scan === quietScans) return now
      await delay(pollMs)
    }
  }
  let left = await settledFind()
  if (left.length === 0) return []
  if (graceMs > 0) {
    for (const entry of left) signalProcess(entry, 'SIGTERM')
    for (const until = Date.now() + graceMs; left.length > 0 && Date.now() < until; ) {
      await delay(pollMs)
      left = note(run.find())
    }
    if (left.length === 0) left = await settledFind()
  }
  const frozen = new Set<number>()
  for (let round = 0; round < maxFreezeRounds && left.length > 0; round += 1) {
    const fresh = left.filter((entry) => !frozen.has(entry.pid))
    if (fresh.length === 0) break
    for (const entry of fresh) {
      signalProcess(entry, 'SIGSTOP')
      frozen.add(entry.pid)
    }
    left = note(run.find())
  }
  for (const until = Date.now() + killWaitMs; left.length > 0 && Date.now() < until; ) {
    for (const entry of left) signalProcess(entry, 'SIGKILL')
    await delay(pollMs)
    left = note(run.find())
    if (left.length === 0) left = await settledFind()
  }
  return [...found.values()]
}
