import { mkdtempSync, realpathSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The variables that name the temporary folder (Node's `os.tmpdir()` reads TMPDIR on POSIX, TEMP and TMP on Windows). */
const variables = ['TMPDIR', 'TEMP', 'TMP'] as const

/**
 * One temporary folder for everything a run makes — the bundles, the sandboxes and decoy workspaces of the drivers, a
 * browser's profile, what an implementation leaves in its TMPDIR: `<tmpdir>/contract-kit-run-XXXXXX`, made the temporary
 * folder of this process and of every process it starts from now on. `remove()` puts the variables back and removes the
 * folder with all it holds; it is removed when the process exits in any case (a second Ctrl-C, a crash).
 */
export function useRunTempFolder(): { path: string; remove(): void } {
  const path = realpathSync(mkdtempSync(join(tmpdir(), 'contract-kit-run-')))
  const previous = Object.fromEntries(variables.map((v) => [v, process.env[v]]))
  for (const v of variables) if (v === 'TMPDIR' || process.platform === 'win32') process.env[v] = path
  let removed = false
  const removeFolder = () => {
    if (removed) return
    removed = true
    rmSync(path, { recursive: true, force: true, maxRetries: 3 })
  }
  process.once('exit', removeFolder)
  return {
    path,
    remove() {
      for (const v of variables) {
        if (previous[v] === undefined) delete process.env[v]
        else process.env[v] = previous[v]
      }
      process.off('exit', removeFolder)
      removeFolder()
    },
  }
}
