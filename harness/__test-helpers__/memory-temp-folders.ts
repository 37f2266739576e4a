import { accessSync, constants, mkdtempSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** Where Linux keeps a file system in memory (tmpfs) that anyone may write to. */
const memory = '/dev/shm'

/**
 * Test helper: the temporary folders of the calling test file (`os.tmpdir()`: the agent-log driver's sandboxes, with
 * each case's SQLite stores and decoy store) made in memory, in a folder of its own under /dev/shm, removed with
 * `TMPDIR` put back after the file's tests; where there is no /dev/shm, nothing changes. A store's commit is as durable
 * against a kill -9 there as on a disk (the kernel holds it either way: what a sync adds is surviving a power cut,
 * which no test makes), but it skips the disk's flush — 13 ms a commit on a virtual disk, where the Python agent log
 * (WAL, synchronous FULL) flushed at every write of a case. Call it at the top of the file, before any test runs.
 */
export function tempFoldersInMemory(): void {
  if (!writableFolder(memory)) return
  const before = process.env.TMPDIR
  const folder = mkdtempSync(join(memory, 'contract-kit-test-'))
  process.env.TMPDIR = folder
  afterAll(() => {
    if (before === undefined) delete process.env.TMPDIR
    else process.env.TMPDIR = before
    rmSync(folder, { recursive: true, force: true })
  })
}

function writableFolder(path: string): boolean {
  try {
    accessSync(path, constants.W_OK)
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}
