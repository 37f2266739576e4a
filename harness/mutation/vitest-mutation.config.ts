import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

/** The environment variable naming the suite files a mutation run's vitest runs (comma-separated, relative to the package root). */
const suitesVariable = 'CONTRACT_KIT_MUTATION_SUITES'

const root = fileURLToPath(new URL('../..', import.meta.url))
const suites = (process.env[suitesVariable] ?? '').split(',').filter((file) => file !== '')
if (suites.length === 0) throw new Error(`vitest-mutation.config.ts: ${suitesVariable} names no suite file (npm run mutation sets it)`)

// The vitest config of Stryker's runs (harness/mutation/stryker-options.ts), inside Stryker's sandbox copy: only the
// target's suite files, the run plan read from CONTRACT_KIT_PLAN. Stryker itself sets one worker, threads, and bail.
export default defineConfig({
  root,
  test: {
    include: suites,
    cache: false,
    setupFiles: ['harness/runner/worker-signals.ts', 'harness/mutation/pass-active-mutant.ts', 'harness/mutation/collect-child-coverage.ts'],
    testTimeout: 300_000,
    hookTimeout: 60_000,
    reporters: ['dot'],
  },
})
