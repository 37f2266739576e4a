import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { packageRoot } from '#harness/package/package-root.ts'
import { bundledSystemOf } from '#harness/adapters/index.ts'
import { parseKnownFailing } from '#harness/expectations/known-failing.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'

const systemsFolder = pathToFileURL(join(packageRoot, 'fixtures/systems/'))

/** The known-failing list file of a bundled system (`fixtures/systems/<system>.known-failing.txt`), whether or not it exists. */
export function knownFailingFileOf(system: string): string {
  return fileURLToPath(new URL(`${system}.known-failing.txt`, systemsFolder))
}

/** The known-failing entries of an adapter: its bundled system's list (the same in process and over stdio), or none. */
export function expectationsFor(adapterName: string): KnownFailingEntry[] {
  const system = bundledSystemOf(adapterName)
  if (system === undefined) return []
  const file = knownFailingFileOf(system)
  return existsSync(file) ? parseKnownFailing(readFileSync(file, 'utf8'), `fixtures/systems/${system}.known-failing.txt`) : []
}
