import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { bundleDirVariable } from '#harness/adapters/command/bundled-script.ts'
import { packageRoot } from '#harness/package/package-root.ts'
import { scenarioIndexVariable } from '#harness/scenario/scenario-index.ts'
import { suiteHistoriesVariable } from '#harness/runner/suite-histories.ts'
import { runRecordingsVariable } from '#harness/__test-helpers__/run-recordings.ts'
import { staleSource } from '#harness/build/stale-source.mjs'

/**
 * vitest's global setup for the kit's own tests: the compiled kit brought up to date (the tests start the CLI as a user
 * runs it, from dist/: `npm run build` when a source is newer) and its index of the bundled scenarios read by the
 * sources too (a test file loading them skips validating each), and one temporary folder for the bundles every process
 * of the run makes and the module cache of the runs its tests start (forked workers and the CLIs the tests start
 * inherit it), and the Histories the contract suites write there for the tests that judge them after the suites
 * (`*.after-suites.test.ts`), and the runs a test keeps for a later file (run-recordings.ts) — removed when the run ends, so no run leaves any behind;
 * and, at the end, the folder of transformed modules vitest.config.ts made for the run.
 */
export default function setup(): () => void {
  const stale = staleSource(packageRoot)
  if (stale) {
    process.stdout.write(`test run: ${stale} is newer than the compiled kit: npm run build\n`)
    const build = spawnSync(process.execPath, [join(packageRoot, 'harness/build/build-dist.mjs')], { cwd: packageRoot, stdio: 'inherit' })
    if (build.status !== 0) throw new Error(`npm run build exited ${build.status}: the tests start the compiled kit, which does not build`)
  }
  process.env[scenarioIndexVariable] = join(packageRoot, 'dist', 'scenario-index.bin')
  const folder = mkdtempSync(join(tmpdir(), 'contract-kit-test-bundles-'))
  process.env[bundleDirVariable] = folder
  process.env[suiteHistoriesVariable] = join(folder, 'suite-histories')
  process.env[runRecordingsVariable] = join(folder, 'recordings')
  const moduleCache = process.env.CONTRACT_KIT_TEST_MODULE_CACHE // vitest.config.ts's, for the run's transformed modules
  return () => {
    rmSync(folder, { recursive: true, force: true })
    if (moduleCache) rmSync(moduleCache, { recursive: true, force: true })
  }
}
