import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readlinkSync } from 'node:fs'
import type { Stats } from 'node:fs'
import { join, relative } from 'node:path'
import { readLeftFile } from '#harness/drivers/read-left-file.ts'

/**
 * One entry of a folder tree as the kit saw it: its kind and a digest of its content or link target (a pipe, socket
 * or device: its type, never opened), and `refused`, why the kit did not read it, when it did not (a pipe, socket or
 * device; a regular file with more than one link; a folder it could not list; a file it could not open).
 */
export interface SandboxEntry {
  kind: 'file' | 'dir' | 'link' | 'special'
  digest: string
  refused?: string
}

/** The most bytes of one file a scan hashes (16 MiB): past them the file is measured (its size is in the digest), not loaded. */
const digestLimit = 16 * 1024 * 1024

/**
 * Every entry under a folder by path relative to it, each `lstat`ed (never followed): a regular file with the sha256
 * of its bytes (of its first `digestLimit` bytes and its size when larger), read only through `readLeftFile`. Never
 * blocks on a pipe an implementation left, never throws for an entry that vanished or cannot be read.
 */
export function scanFolder(root: string): Record<string, SandboxEntry> {
  const entries: Record<string, SandboxEntry> = {}
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch (error) {
      if (dir !== root) entries[relative(root, dir)] = { kind: 'dir', digest: '', refused: `a folder the kit cannot list (${codeOf(error)})` }
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      const key = relative(root, path)
      let stat: Stats
      try {
        stat = lstatSync(path)
      } catch {
        continue // gone since the folder was listed
      }
      if (stat.isSymbolicLink()) entries[key] = { kind: 'link', digest: linkOf(path) }
      else if (stat.isDirectory()) {
        entries[key] = { kind: 'dir', digest: '' }
        walk(path)
      } else entries[key] = fileEntry(path)
    }
  }
  walk(root)
  return entries
}

/** A file's entry: its digest, or — a pipe, socket or device, one with several links, one that cannot be opened — why not. */
function fileEntry(path: string): SandboxEntry {
  const left = readLeftFile(path, { limit: digestLimit })
  if (left.ok) {
    const hex = createHash('sha256').update(left.bytes).digest('hex')
    return { kind: 'file', digest: left.bytes.length < left.size ? `${hex}:first ${left.bytes.length} of ${left.size} bytes` : hex }
  }
  if (left.type === 'fifo' || left.type === 'socket' || left.type === 'device') return { kind: 'special', digest: left.type, refused: left.reason }
  if (left.type === 'directory') return { kind: 'dir', digest: '', refused: 'a folder that appeared while the kit scanned' }
  if (left.type === 'symlink') return { kind: 'link', digest: linkOf(path) }
  return { kind: 'file', digest: `refused: ${left.type}`, refused: left.reason }
}

function linkOf(path: string): string {
  try {
    return readlinkSync(path)
  } catch (error) {
    return `unreadable link (${codeOf(error)})`
  }
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? String(error).split('\n')[0]!
}
