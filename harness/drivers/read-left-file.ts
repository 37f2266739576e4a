import { closeSync, constants, fstatSync, lstatSync, openSync, readSync } from 'node:fs'
import type { Stats } from 'node:fs'

/**
 * What the kit got from a path an implementation left: a regular file's first bytes (at most the limit) and its whole
 * size, or why it read nothing — `type` says what stood there (`fifo`, `socket`, `device`, `directory`, `symlink`, a
 * regular file with more than one link, one over the limit, or one that could not be opened) and `reason` says it on
 * one line, without the path (the caller names it).
 */
export type LeftFile =
  | { ok: true; bytes: Buffer; size: number }
  | { ok: false; type: 'fifo' | 'socket' | 'device' | 'directory' | 'symlink' | 'hard-link' | 'too-large' | 'unreadable'; reason: string }

/**
 * Reads a file an implementation left, only if it is a regular file with one link: `lstat` first (a pipe, socket or
 * device is never opened), then opened `O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY` (a pipe swapped in meanwhile
 * opens at once, without a writer), `fstat` on the descriptor before any read, and at most `limit` bytes read — the
 * rest is measured (`size`), not loaded; with `whole`, a file over the limit is refused unread. Never blocks, never throws.
 */
export function readLeftFile(path: string, options: { limit: number; whole?: boolean }): LeftFile {
  let stat: Stats
  try {
    stat = lstatSync(path)
  } catch (error) {
    return unreadable(error)
  }
  const before = refusal(stat, options)
  if (before) return before
  let fd: number
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY)
  } catch (error) {
    if (codeOf(error) === 'ELOOP') return { ok: false, type: 'symlink', reason: 'a symbolic link (never followed)' }
    return unreadable(error)
  }
  try {
    stat = fstatSync(fd)
    const after = refusal(stat, options)
    if (after) return after
    const want = Math.min(stat.size, options.limit)
    const bytes = Buffer.allocUnsafe(want)
    let got = 0
    while (got < want) {
      const n = readSync(fd, bytes, got, want - got, got)
      if (n === 0) break // cut shorter while the kit read it: what is there
      got += n
    }
    return { ok: true, bytes: bytes.subarray(0, got), size: stat.size }
  } catch (error) {
    return unreadable(error)
  } finally {
    closeSync(fd)
  }
}

/** Why a path with these stats is not read, or undefined when it is a regular file with one link (within the limit, when it must be whole). */
function refusal(stat: Stats, options: { limit: number; whole?: boolean }): Extract<LeftFile, { ok: false }> | undefined {
  if (stat.isSymbolicLink()) return { ok: false, type: 'symlink', reason: 'a symbolic link (never followed)' }
  if (stat.isFIFO()) return { ok: false, type: 'fifo', reason: 'a named pipe (FIFO), not a regular file: never read' }
  if (stat.isSocket()) return { ok: false, type: 'socket', reason: 'a socket, not a regular file: never read' }
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return { ok: false, type: 'device', reason: `a ${stat.isBlockDevice() ? 'block' : 'character'} device, not a regular file: never read` }
  if (stat.isDirectory()) return { ok: false, type: 'directory', reason: 'a directory, not a regular file' }
  if (!stat.isFile()) return { ok: false, type: 'device', reason: 'not a regular file: never read' }
  if (stat.nlink > 1) return { ok: false, type: 'hard-link', reason: `a regular file with ${stat.nlink} links (a hard link: its other names may lie anywhere on the file system), never read` }
  if (options.whole && stat.size > options.limit) {
    return { ok: false, type: 'too-large', reason: `a file of ${stat.size} bytes, over the ${options.limit} bytes the kit reads back, never read` }
  }
  return undefined
}

function unreadable(error: unknown): LeftFile {
  return { ok: false, type: 'unreadable', reason: `a file the kit cannot open or read (${codeOf(error)})` }
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? String(error).split('\n')[0]!
}
