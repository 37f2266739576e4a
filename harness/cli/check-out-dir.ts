import { accessSync, constants, statSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { UsageError } from '#harness/cli/usage-error.ts'

/**
 * Checks, before anything runs, that a folder the command will write its reports into can be made and written: a
 * folder (or nothing yet) under folders it may write in — not a file, not under a file, not empty. Creates nothing:
 * a command refused later for another reason leaves no folder behind. Throws a one-line UsageError naming the flag.
 */
export function checkOutDir(flag: string, path: string): void {
  if (path.trim() === '') throw new UsageError(`${flag}: expected a folder to write the reports into, got an empty path`)
  const target = resolve(path)
  for (let folder = target; ; folder = dirname(folder)) {
    let isFolder: boolean
    try {
      isFolder = statSync(folder).isDirectory()
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(folder) !== folder) continue // made by the run, or under a file (said below)
      throw new UsageError(`${flag} ${JSON.stringify(path)}: cannot read ${folder} (${(error as NodeJS.ErrnoException).code ?? String(error)})`)
    }
    if (!isFolder) throw new UsageError(`${flag} ${JSON.stringify(path)}: ${folder === target ? 'is a file, not a folder' : `${folder} is a file, so no folder can be made under it`}`)
    try {
      accessSync(folder, constants.W_OK | constants.X_OK)
    } catch {
      throw new UsageError(`${flag} ${JSON.stringify(path)}: ${folder} cannot be written`)
    }
    return
  }
}
