import { environHolds, readProc, readProcTable, type ProcEntry } from '#harness/adapters/stdio/proc-table.ts'
import { runMarkerVariable } from '#harness/adapters/stdio/run-marker.ts'

/**
 * Every process one spawned implementation started, on Linux: learnt by parentage while the run lasts (a child of one
 * known, or a member of a process group or session one known leads — so a `setsid` child and a daemon's double fork
 * are learnt when seen before their parents exit) and, at the end, by the run's token in the environment every
 * descendant inherits (a daemon reparented to init keeps it). Never the kit itself.
 */
export class RunProcesses {
  /** pid → start time of every process learnt so far (the start time tells a reused pid apart). */
  private readonly known = new Map<number, number>()
  private readonly rootStart: number

  constructor(
    readonly rootPid: number,
    readonly token: string,
  ) {
    const root = readProc(rootPid)
    this.rootStart = root?.startTime ?? 0
    if (root) this.known.set(rootPid, root.startTime)
  }

  /** Learns, from one reading of /proc, every process started by one already known (by parent, group or session). */
  learn(table: readonly ProcEntry[]): void {
    const later = table.filter((entry) => entry.startTime >= this.rootStart && entry.pid !== process.pid && entry.pid > 1)
    const alive = new Map(later.map((entry) => [entry.pid, entry.startTime]))
    for (const [pid, start] of this.known) {
      const now = alive.get(pid)
      if (now !== undefined && now !== start) this.known.delete(pid) // the pid was reused by another process
    }
    later.sort((a, b) => a.startTime - b.startTime) // parents before their children
    for (let changed = true; changed; ) {
      changed = false
      for (const entry of later) {
        if (this.known.has(entry.pid)) continue
        if (this.ours(entry.ppid, alive) || this.ours(entry.pgid, alive) || this.ours(entry.sid, alive)) {
          this.known.set(entry.pid, entry.startTime)
          changed = true
        }
      }
    }
  }

  /** The run's processes still running (a zombie is already dead): learnt ones, and any carrying the run's token. */
  find(table: readonly ProcEntry[] = readProcTable()): ProcEntry[] {
    this.learn(table)
    return table.filter(
      (entry) =>
        entry.state !== 'Z' &&
        entry.state !== 'X' &&
        entry.pid !== process.pid &&
        entry.pid > 1 &&
        (this.known.get(entry.pid) === entry.startTime || environHolds(entry.pid, runMarkerVariable, this.token)),
    )
  }

  /** "pid 123 (sleep, a session of its own)" for each process, for a message; at most `max`, then how many more. */
  describe(entries: readonly ProcEntry[], max = 5): string {
    const shown = entries.slice(0, max).map((entry) => {
      const where = entry.sid !== this.rootPid ? ', a session of its own' : entry.pgid !== this.rootPid ? ', a process group of its own' : ''
      return `pid ${entry.pid} (${entry.comm}${where})`
    })
    return entries.length > max ? `${shown.join(', ')} and ${entries.length - max} more` : shown.join(', ')
  }

  /** A pid known to be this run's, by a process still alive with the same start time or one gone since. */
  private ours(pid: number, alive: ReadonlyMap<number, number>): boolean {
    const start = this.known.get(pid)
    if (start === undefined) return false
    const now = alive.get(pid)
    return now === undefined || now === start
  }
}
