import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundleDirVariable } from '#harness/adapters/command/bundled-script.ts'

/**
 * vitest's global setup for the kit's own tests: one temporary folder for the bundles every process of the run makes
 * and the module cache of the runs its tests start (forked workers and the CLIs the tests start inherit it), removed
 * when the run ends — so no run leaves any behind.
 */
export default function setup(): () => void {
  const folder = mkdtempSync(join(tmpdir(), 'contract-kit-test-bundles-'))
  process.env[bundleDirVariable] = folder
  return () => rmSync(folder, { recursive: true, force: true })
}
