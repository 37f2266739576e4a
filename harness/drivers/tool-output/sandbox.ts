import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import type { SpillPolicy } from '#harness/ports/tool-output-port.ts'

import { scanFolder } from '#harness/drivers/scan-folder.ts'
import type { SandboxEntry } from '#harness/drivers/scan-folder.ts'

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
    scan: () => scanFolder(root),
    remove: () => rmSync(root, { recursive: true, force: true }),
  }
}

/** The paths (relative to the root) created, changed or removed between two scans, outside `inside` (a folder, relative). */
export function changesOutside(before: Record<string, SandboxEntry>, after: Record<string, SandboxEntry>, inside: string | null): string[] {
  return pathsOutside(before, after, inside).filter((p) => JSON.stringify(before[p]) !== JSON.stringify(after[p]))
}

/** Every path (relative to the root) of either scan that lies outside `inside` (a folder, relative): what the kit compares. */
export function pathsOutside(before: Record<string, SandboxEntry>, after: Record<string, SandboxEntry>, inside: string | null): string[] {
  const within = (path: string) => inside !== null && (path === inside || path.startsWith(inside + sep))
  return [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((p) => !within(p)).sort()
}
