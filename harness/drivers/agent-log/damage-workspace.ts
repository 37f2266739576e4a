import { closeSync, constants, fstatSync, ftruncateSync, lstatSync, openSync, readdirSync, writeSync } from 'node:fs'
import { join, relative } from 'node:path'

/** The line the kit's `corrupt` step writes over each file: text that no store format reads (no SQLite header, no JSON). */
export const damagedLine = 'contract-kit corrupt: this file was overwritten on purpose; no store reads it\n'

/** What `damageWorkspace` did: the files it overwrote, and those it left alone with why (paths relative to the workspace). */
export interface WorkspaceDamage {
  damaged: string[]
  left: Array<{ path: string; reason: string }>
}

/**
 * The `corrupt` step's fault: overwrites in place (the same file, truncated) every regular file under `workspace` with
 * `damagedLine`, so that a store that is there can no longer be read. Every entry is `lstat`ed, never followed: a
 * symbolic link, pipe, socket or device is left alone, as is a regular file with more than one link (its other names
 * may lie outside the workspace); each file is opened `O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY` and `fstat`ed
 * before it is written. A workspace that is not there (no write made it, or it lies under a regular file) has nothing
 * to damage. Never throws.
 */
export function damageWorkspace(workspace: string): WorkspaceDamage {
  const damage: WorkspaceDamage = { damaged: [], left: [] }
  const walk = (dir: string) => {
    let names: string[]
    try {
      names = readdirSync(dir).sort()
    } catch (error) {
      if (dir !== workspace) damage.left.push({ path: relative(workspace, dir), reason: `a folder the kit cannot list (${codeOf(error)})` })
      return
    }
    for (const name of names) {
      const path = join(dir, name)
      const key = relative(workspace, path)
      let stat
      try {
        stat = lstatSync(path)
      } catch {
        continue // gone since the folder was listed
      }
      if (stat.isDirectory()) walk(path)
      else if (!stat.isFile()) damage.left.push({ path: key, reason: stat.isSymbolicLink() ? 'a symbolic link (never followed)' : 'not a regular file (never opened)' })
      else {
        const refused = overwrite(path)
        if (refused === undefined) damage.damaged.push(key)
        else damage.left.push({ path: key, reason: refused })
      }
    }
  }
  walk(workspace)
  return damage
}

/** Overwrites one regular file with `damagedLine`; why it did not, when it did not. */
function overwrite(path: string): string | undefined {
  let fd: number
  try {
    fd = openSync(path, constants.O_WRONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK | constants.O_NOCTTY)
  } catch (error) {
    return codeOf(error) === 'ELOOP' ? 'a symbolic link (never followed)' : `a file the kit cannot open for writing (${codeOf(error)})`
  }
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) return 'not a regular file (swapped in while the kit looked)'
    if (stat.nlink > 1) return `a regular file with ${stat.nlink} links (a hard link: its other names may lie outside the workspace), left alone`
    ftruncateSync(fd, 0)
    writeSync(fd, damagedLine, 0)
    return undefined
  } catch (error) {
    return `a file the kit could not overwrite (${codeOf(error)})`
  } finally {
    closeSync(fd)
  }
}

function codeOf(error: unknown): string {
  return (error as { code?: string }).code ?? String(error).split('\n')[0]!
}
