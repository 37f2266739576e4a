import { readProc } from '#harness/adapters/stdio/proc-table.ts'

/** Test helper: whether a pid names no running process (gone, or a zombie waiting to be reaped). */
export function gone(pid: number): boolean {
  const entry = readProc(pid)
  return entry === undefined || entry.state === 'Z' || entry.state === 'X'
}
