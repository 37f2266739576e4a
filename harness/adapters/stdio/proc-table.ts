import { closeSync, openSync, readdirSync, readFileSync, readSync } from 'node:fs'

/** One process as /proc/<pid>/stat describes it: enough to tell who started it and whether it still runs. */
export interface ProcEntry {
  pid: number
  ppid: number
  /** Its process group id. */
  pgid: number
  /** Its session id. */
  sid: number
  /** The one-letter state: R, S, D, T, Z (a zombie, already dead), … */
  state: string
  /** When it started, in clock ticks since boot: with the pid, it names one process even when pids are reused. */
  startTime: number
  /** The program name the kernel keeps (at most 15 characters). */
  comm: string
}

/** Whether this system has a /proc the kit can read processes from (Linux). */
export const procAvailable: boolean = (() => {
  try {
    return process.platform === 'linux' && readFileSync('/proc/self/stat', 'latin1').length > 0
  } catch {
    return false
  }
})()

/** Parses /proc/<pid>/stat text; the name sits in parentheses and may itself hold spaces and parentheses. */
function parseStat(text: string): ProcEntry | undefined {
  const open = text.indexOf('(')
  const close = text.lastIndexOf(')')
  if (open < 0 || close < open) return undefined
  const fields = text.slice(close + 2).split(' ')
  // fields[0] is field 3 of proc(5): state, ppid, pgrp, session, …, starttime is field 22
  const entry = {
    pid: Number(text.slice(0, open).trim()),
    comm: text.slice(open + 1, close),
    state: fields[0],
    ppid: Number(fields[1]),
    pgid: Number(fields[2]),
    sid: Number(fields[3]),
    startTime: Number(fields[19]),
  }
  return Number.isInteger(entry.pid) && Number.isFinite(entry.startTime) ? entry : undefined
}

/**
 * One buffer for every stat line read: a line is a few hundred bytes, and readFileSync, which cannot know the size of a
 * /proc file, would allocate 64 KiB for each — at ten table reads a second over hundreds of processes, seconds of a run.
 */
const statBuffer = Buffer.allocUnsafe(4096)

/** Reads one process's stat line; undefined when it is gone (or /proc is unreadable). */
export function readProc(pid: number): ProcEntry | undefined {
  let fd: number
  try {
    fd = openSync(`/proc/${pid}/stat`, 'r')
  } catch {
    return undefined
  }
  try {
    const length = readSync(fd, statBuffer, 0, statBuffer.length, null)
    return parseStat(statBuffer.toString('latin1', 0, length))
  } catch {
    return undefined
  } finally {
    closeSync(fd)
  }
}

/** Every process /proc shows right now (about a millisecond for a hundred processes); empty where there is no /proc. */
export function readProcTable(): ProcEntry[] {
  if (!procAvailable) return []
  let names: string[]
  try {
    names = readdirSync('/proc')
  } catch {
    return []
  }
  const entries: ProcEntry[] = []
  for (const name of names) {
    const code = name.charCodeAt(0)
    if (code < 48 || code > 57) continue
    const entry = readProc(Number(name))
    if (entry) entries.push(entry)
  }
  return entries
}

/** Whether a process's environment (as it started: /proc/<pid>/environ) holds `variable` with `token` among its comma-separated values. */
export function environHolds(pid: number, variable: string, token: string): boolean {
  let environ: Buffer
  try {
    environ = readFileSync(`/proc/${pid}/environ`)
  } catch {
    return false // gone, or another user's
  }
  const prefix = `${variable}=`
  for (let start = 0; start < environ.length; ) {
    let end = environ.indexOf(0, start)
    if (end === -1) end = environ.length
    if (end - start > prefix.length && environ.toString('latin1', start, start + prefix.length) === prefix) {
      return environ.toString('latin1', start + prefix.length, end).split(',').includes(token)
    }
    start = end + 1
  }
  return false
}
