import { createHash } from 'node:crypto'
import { lstatSync, readdirSync, readFileSync, readlinkSync } from 'node:fs'
import { join, relative } from 'node:path'

/** One entry of a folder tree as the kit saw it: its kind and a digest of its content or link target (a pipe, socket or device: its type, never opened). */
export interface SandboxEntry {
  kind: 'file' | 'dir' | 'link' | 'special'
  digest: string
}

/** Every entry under a folder (symlinks not followed), by path relative to it, with a digest of each file's bytes. */
export function scanFolder(root: string): Record<string, SandboxEntry> {
  const entries: Record<string, SandboxEntry> = {}
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      const path = join(dir, name)
      const key = relative(root, path)
      const stat = lstatSync(path)
      if (stat.isSymbolicLink()) entries[key] = { kind: 'link', digest: readlinkSync(path) }
      else if (stat.isDirectory()) {
        entries[key] = { kind: 'dir', digest: '' }
        walk(path)
      } else if (!stat.isFile()) {
        // a named pipe or socket left by a runtime (tsx, a language server…): opening it would block or fail
        entries[key] = { kind: 'special', digest: stat.isFIFO() ? 'fifo' : stat.isSocket() ? 'socket' : 'device' }
      } else entries[key] = { kind: 'file', digest: createHash('sha256').update(readFileSync(path)).digest('hex') }
    }
  }
  walk(root)
  return entries
}
