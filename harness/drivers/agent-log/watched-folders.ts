import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { scanFolder } from '#harness/drivers/scan-folder.ts'
import type { SandboxEntry } from '#harness/drivers/scan-folder.ts'
import { readLeftFile } from '#harness/drivers/read-left-file.ts'

/** The variables the kit points at folders it watches, each with its folder under the run's root. */
export const watchedVariables = {
  HOME: 'home',
  TMPDIR: 'tmp',
  XDG_CACHE_HOME: 'xdg/cache',
  XDG_CONFIG_HOME: 'xdg/config',
  XDG_DATA_HOME: 'xdg/data',
  XDG_STATE_HOME: 'xdg/state',
  XDG_RUNTIME_DIR: 'xdg/runtime',
} as const

/** One file written (made or changed) in a watched folder, and what in it is the run's: the ids it holds, whether it is a SQLite database. */
export interface WatchedWrite {
  /** The variable whose folder holds it (`TMPDIR`). */
  where: keyof typeof watchedVariables
  /** Its path relative to that folder. */
  path: string
  /** The run's session and agent ids found in its bytes. */
  holds: string[]
  /** It starts with SQLite's header: a database, whatever it holds. */
  sqlite: boolean
  /** Why the kit did not read it (a regular file with more than one link, one it could not open): `holds` and `sqlite` say nothing then. */
  refused?: string
}

/** The folders HOME, TMPDIR and the XDG variables point at in the implementation's processes: made empty, scanned before and after. */
export interface WatchedFolders {
  /** The environment that points each variable at its folder. */
  env: Record<string, string>
  /** A scan of every folder now, to compare with a later one. */
  scan(): Record<string, SandboxEntry>
  /** The files made or changed since `before`, each with the run's ids it holds (`ids`) and whether it is a SQLite database. */
  writesSince(before: Record<string, SandboxEntry>, ids: readonly string[]): WatchedWrite[]
}

const sqliteHeader = Buffer.from('SQLite format 3\0', 'latin1')
/** The most bytes of a file written in a watched folder the kit searches for the run's ids (64 MiB): the rest is not loaded. */
const largest = 64 * 1024 * 1024

/** Makes the watched folders under `root` (which must lie outside the sandbox and the decoy). */
export function createWatchedFolders(root: string): WatchedFolders {
  const variables = Object.keys(watchedVariables) as Array<keyof typeof watchedVariables>
  const folderOf = (v: keyof typeof watchedVariables) => join(root, watchedVariables[v])
  for (const v of variables) mkdirSync(folderOf(v), { recursive: true, mode: 0o700 })
  const scan = () => Object.fromEntries(variables.flatMap((v) => Object.entries(scanFolder(folderOf(v))).map(([path, entry]) => [`${v}\u0000${path}`, entry])))
  return {
    env: Object.fromEntries(variables.map((v) => [v, folderOf(v)])),
    scan,
    writesSince(before, ids) {
      return Object.entries(scan())
        .filter(([path, entry]) => entry.kind === 'file' && before[path]?.digest !== entry.digest)
        .map(([key]): WatchedWrite => {
          const [where, path] = key.split('\u0000') as [keyof typeof watchedVariables, string]
          // a regular file with one link only (never a pipe swapped in since the scan), its first 64 MiB searched
          const left = readLeftFile(join(folderOf(where), path), { limit: largest })
          if (!left.ok) return { where, path, holds: [], sqlite: false, refused: left.reason }
          const bytes = left.bytes
          return { where, path, holds: ids.filter((id) => bytes.includes(id)), sqlite: bytes.subarray(0, sqliteHeader.length).equals(sqliteHeader) }
        })
    },
  }
}
