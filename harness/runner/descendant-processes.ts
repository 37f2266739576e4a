import { execFileSync } from 'node:child_process'
import { readProc, readProcTable, type ProcEntry } from '#harness/adapters/stdio/proc-table.ts'

/** One running process as the kit sees it: its parent, its process group, and a start mark that tells a reused pid apart. */
export interface ProcessEntry {
  pid: number
  ppid: number
  pgrp: number
  /** When it started (Linux: clock ticks since boot; elsewhere empty): the same pid with another start is another process. */
  start: string
  /** Ended but not yet reaped by its parent: nothing left to end. */
  zombie: boolean
  /** The command's name (`node`, `sh`). */
  name: string
}

/**
 * Every process now descended from `root` (default: this process) — children, theirs, and so on, whatever process group
 * each leads — read from /proc on Linux, from `ps` elsewhere. A process whose parent has already exited is no longer a
 * descendant: find them while their parents still run.
 */
export function descendantProcesses(root: number = process.pid, all: Map<number, ProcessEntry> = runningProcesses()): ProcessEntry[] {
  const children = new Map<number, ProcessEntry[]>()
  for (const p of all.values()) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p])
  const found: ProcessEntry[] = []
  const queue = [root]
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (child.pid === root || found.includes(child)) continue
      found.push(child)
      queue.push(child.pid)
    }
  }
  return found
}

/** The process `pid` as it is now, or undefined when there is none. */
export function processEntry(pid: number): ProcessEntry | undefined {
  if (process.platform === 'linux') return readStat(pid)
  return runningProcesses().get(pid)
}

/** Every process running now, by pid. */
export function runningProcesses(): Map<number, ProcessEntry> {
  const all = new Map<number, ProcessEntry>()
  if (process.platform === 'linux') {
    for (const entry of readProcTable()) all.set(entry.pid, fromProc(entry))
    return all
  }
  if (process.platform === 'win32') return all // no process table to read: the run's own teardown is all there is
  const text = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,pgid=,stat=,comm='], { encoding: 'utf8' })
  for (const line of text.split('\n')) {
    const [pid, ppid, pgrp, stat, ...command] = line.trim().split(/\s+/)
    if (pid === undefined || !/^\d+$/.test(pid)) continue
    all.set(Number(pid), { pid: Number(pid), ppid: Number(ppid), pgrp: Number(pgrp), start: '', zombie: (stat ?? '').startsWith('Z'), name: command.join(' ').split('/').pop() ?? '' })
  }
  return all
}

/** A process as the adapters' /proc reader gives it (one parser of /proc/<pid>/stat for the whole kit), in this module's terms. */
function fromProc(entry: ProcEntry): ProcessEntry {
  return { pid: entry.pid, ppid: entry.ppid, pgrp: entry.pgid, start: String(entry.startTime), zombie: entry.state === 'Z' || entry.state === 'X', name: entry.comm }
}

/** The process `pid` from /proc, or undefined when it is gone. */
function readStat(pid: number): ProcessEntry | undefined {
  const entry = readProc(pid)
  return entry && fromProc(entry)
}
