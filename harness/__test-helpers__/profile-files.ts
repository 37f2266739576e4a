import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll } from 'vitest'

/** Test helper: a temporary folder for the file (removed after it) and a function writing a profile text there, returning its absolute path. */
export function profileFiles(prefix: string): { folder: string; profile: (text: string) => string } {
  const folder = mkdtempSync(join(tmpdir(), prefix))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  let written = 0
  const profile = (text: string): string => {
    const file = join(folder, `profile-${++written}.yaml`)
    writeFileSync(file, text)
    return file
  }
  return { folder, profile }
}
