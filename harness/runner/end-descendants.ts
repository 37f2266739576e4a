import { descendantProcesses, processEntry, runningProcesses } from '#harness/runner/descendant-processes.ts'
import type { ProcessEntry } from '#harness/runner/descendant-processes.ts'

type Followed = ProcessEntry & { signalled?: NodeJS.Signals }

/** Every process followed since ending began, by pid: still the same process while its start mark matches. */
const followed = new Map<number, Followed>()

/**
 * Ends every process the kit started — vitest's workers, the implementations and clients they started (in process groups
 * of their own), browsers, servers — and what those started: SIGTERM to each, then SIGKILL to what is left after
 * `graceMs`. The process table is read again every `everyMs`: a process started meanwhile (a worker vitest starts for
 * the next file) is ended too, and so is one whose parent is gone (it stays followed, and so does the process group a
 * followed process leads). Resolves when none is left, or at `deadlineMs`, with the pids that would not end.
 */
export async function endDescendants(options: { graceMs?: number; deadlineMs?: number; everyMs?: number } = {}): Promise<number[]> {
  const { graceMs = 2_000, deadlineMs = 4_000, everyMs = 50 } = options
  const started = Date.now()
  for (;;) {
    const late = Date.now() - started >= graceMs
    const live = sweep(late ? 'SIGKILL' : 'SIGTERM')
    if (live.length === 0 || Date.now() - started >= deadlineMs) return live
    await new Promise((done) => setTimeout(done, everyMs))
  }
}

/** Ends every process the kit started at once (SIGKILL), without waiting: for the second Ctrl-C. */
export function killDescendantsNow(): void {
  sweep('SIGKILL')
}

/** Follows the kit's descendants and the members of the groups they lead, sends `signal` to each live one not sent it yet, and returns the live pids. */
function sweep(signal: NodeJS.Signals): number[] {
  const all = runningProcesses()
  const kitGroup = all.get(process.pid)?.pgrp
  const follow = (p: ProcessEntry) => {
    const known = followed.get(p.pid)
    if (!known || known.start !== p.start) followed.set(p.pid, { ...p })
  }
  for (const p of descendantProcesses(process.pid, all)) follow(p)
  const leaders = new Set([...followed.keys()].filter((pid) => pid !== kitGroup))
  for (const p of all.values()) if (leaders.has(p.pgrp) && p.pid !== process.pid) follow(p)
  for (const p of [...followed.values()]) if (p.pgrp !== kitGroup) for (const d of descendantProcesses(p.pid, all)) follow(d)
  const live: number[] = []
  for (const p of followed.values()) {
    const now = processEntry(p.pid)
    if (!now || now.start !== p.start || now.zombie) {
      followed.delete(p.pid)
      continue
    }
    live.push(p.pid)
    if (p.signalled === signal || p.signalled === 'SIGKILL') continue
    try {
      process.kill(p.pid, signal)
      p.signalled = signal
    } catch {
      // gone meanwhile
    }
  }
  return live
}
