import { createHash } from 'node:crypto'
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative, sep } from 'node:path'
import type { SpillPolicy } from '#harness/ports/tool-output-port.ts'

/** One entry of a folder tree as the kit saw it: its kind and a digest of its content or link target. */
export interface SandboxEntry {
  kind: 'file' | 'dir' | 'link'
  digest: string
}

/** A throwaway folder holding a granted `tool_output_folder`, a decoy outside it, and a symlink from inside to the decoy. */
export interface Sandbox {
  root: string
  /** The spill policy handed to the tool, naming folders inside the sandbox. */
  spill: SpillPolicy
  /** The granted folder's real path, when there is one. */
  folder: string | null
  /** Every entry under the root, by path relative to it. */
  scan(): Record<string, SandboxEntry>
  remove(): void
}

/** The decoy file outside the grant; its content must never change nor be read into any result. */
export const decoyName = join('outside', 'decoy.txt')

/**
 * Makes a sandbox for one tool-output run: `tool_output_folder/` (with `escape.txt` → `../outside/decoy.txt`), a decoy
 * outside it, and the folder the policy names — for `failing`, a folder under a regular file, which no write can create.
 */
export function createSandbox(policy: SpillPolicy['policy']): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'contract-kit-spill-')))
  mkdirSync(join(root, 'outside'))
  writeFileSync(join(root, decoyName), 'decoy: outside the grant; never written, never read back\n')
  const granted = join(root, 'tool_output_folder')
  mkdirSync(granted)
  symlinkSync(join('..', decoyName), join(granted, 'escape.txt'))
  writeFileSync(join(root, 'blocker'), 'a regular file where a folder would have to be\n')
  mkdirSync(join(root, 'other_folder'))
  const spill: SpillPolicy =
    policy === 'granted'
      ? { policy, folder: granted }
      : policy === 'failing'
        ? { policy, folder: join(root, 'blocker', 'tool_output_folder') }
        : policy === 'no-grant'
          ? { policy, grants: [join(root, 'other_folder')] }
          : { policy: 'none' }
  return {
    root,
    spill,
    folder: policy === 'granted' ? granted : null,
    scan: () => scanTree(root),
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}

/** The paths (relative to the root) created, changed or removed between two scans, outside `inside` (a folder, relative). */
export function changesOutside(before: Record<string, SandboxEntry>, after: Record<string, SandboxEntry>, inside: string | null): string[] {
  const within = (path: string) => inside !== null && (path === inside || path.startsWith(inside + sep))
  const paths = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...paths].filter((p) => !within(p) && JSON.stringify(before[p]) !== JSON.stringify(after[p])).sort()
}

function scanTree(root: string): Record<string, SandboxEntry> {
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
      } else entries[key] = { kind: 'file', digest: createHash('sha256').update(readFileSync(path)).digest('hex') }
    }
  }
  walk(root)
  return entries
}
