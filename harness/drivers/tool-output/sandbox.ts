import { createHash } from 'node:crypto'
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

/** How a sandbox's granted folder is set up beyond the default: its name, and the spill names already taken in it. */
export interface SandboxSetup {
  /** The granted folder's name (default `tool_output_folder`); one path segment, which may need shell quoting. */
  folderName?: string
  /** The output, how many of the reference's first spill names for it are taken (`takenSpillNames`), and by what: a symlink to the decoy (default), or a dangling one to a missing path outside the grant. */
  taken?: { output: string; names: number; by?: 'decoy' | 'dangling' }
}

/** The first `names` file names the reference spills `output` to (docs/tool-output-port.md): `snapshot-<16 hex of sha256>.txt`, then `-2`, `-3`, …. */
function takenSpillNames(output: string, names: number): string[] {
  const stem = `snapshot-${createHash('sha256').update(output, 'utf8').digest('hex').slice(0, 16)}`
  return Array.from({ length: names }, (_, i) => (i === 0 ? `${stem}.txt` : `${stem}-${i + 1}.txt`))
}

/**
 * Makes a sandbox for one tool-output run: `tool_output_folder/` (or `setup.folderName`, with `escape.txt` →
 * `../outside/decoy.txt`, and a symlink to the decoy — or, `by: 'dangling'`, to a missing path beside it — at each name
 * `setup.taken` takes), a decoy outside it, and the
 * folder the policy names — for `failing`, a folder under a regular file, which no write can create.
 */
export function createSandbox(policy: SpillPolicy['policy'], setup: SandboxSetup = {}): Sandbox {
  const root = realpathSync(mkdtempSync(join(tmpdir(), 'contract-kit-spill-')))
  mkdirSync(join(root, 'outside'))
  writeFileSync(join(root, decoyName), 'decoy: outside the grant; never written, never read back\n')
  const granted = join(root, setup.folderName ?? 'tool_output_folder')
  mkdirSync(granted)
  symlinkSync(join('..', decoyName), join(granted, 'escape.txt'))
  // a dangling symlink points at a path outside the grant that does not exist: a write through it would create it there
  const takenTarget = (i: number) => (setup.taken?.by === 'dangling' ? join('..', 'outside', `missing-${i + 1}.txt`) : join('..', decoyName))
  for (const [i, name] of (setup.taken ? takenSpillNames(setup.taken.output, setup.taken.names) : []).entries()) symlinkSync(takenTarget(i), join(granted, name))
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
