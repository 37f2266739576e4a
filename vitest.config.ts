import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { defineConfig } from 'vitest/config'
import PlainSummaryReporter from './harness/reporters/plain-summary-reporter.ts'
import { contractProjects } from './harness/runner/contracts-vitest-options.ts'

/** The tests that judge the runs of the contract suites, in process, after them: they replay nothing the suites ran. */
const afterSuites = 'harness/**/*.after-suites.test.ts'

/**
 * One folder for the run's transformed modules, shared by its projects (each project is a vite server of its own, which
 * would otherwise transform the kit's sources again): made here, removed by the global setup's teardown at the run's end.
 */
const moduleCache = (process.env.CONTRACT_KIT_TEST_MODULE_CACHE ??= mkdtempSync(join(tmpdir(), 'contract-kit-test-modules-')))

/** How many test files the kit's own `npm test` runs at once. */
const kitTestWorkers = 3

/** The suite files `npm test` splits into parts, each a project of its own: the longest, which mostly wait. */
const kitTestSuiteParts = { 'timing-bound': 3, 'agent-log': 2, pager: 2 }

export default defineConfig({
  test: {
    // Stryker's sandbox copies of the kit (npm run mutation, harness/mutation/) are never the kit's own tests
    exclude: ['**/node_modules/**', '**/.git/**', '.stryker-tmp/**'],
    // no results cache: it would be written into node_modules/.vite, and a fresh clone (CI) never has one to read
    cache: false,
    experimental: { fsModuleCache: true, fsModuleCachePath: moduleCache },
    pool: 'forks',
    globalSetup: ['harness/__test-helpers__/test-run-folder.ts'],
    // three files at a time on a 2-core machine: many of the kit's files spend much of their time waiting on the processes
    // and timelines they drive, and a third worker fills that time (docs/performance.md, issue 23's sixth round)
    maxWorkers: kitTestWorkers,
    reporters: ['default', new PlainSummaryReporter()],
    projects: [
      // each worker runs its test files one after another over the modules it has loaded (isolate: false): a file's
      // own state lives in the file, and reloading the kit's modules for each of 200 files cost more than the tests
      { extends: true, test: { name: 'unit', include: ['harness/**/*.test.ts', 'fixtures/**/*.test.ts'], exclude: [afterSuites], testTimeout: 30_000, isolate: false } },
      // the port suites beside the unit tests, and the timing-bound runs beside them too, in three parts (each part's runs
      // one at a time), as the long agent-log and pager suites are in two (vitest starts the projects in name order).
      // `contract-kit run` gives the timing-bound runs the machine alone; here they share it with the other workers, as a
      // user's busy CI machine would, and their verdicts must not change: a run its contracts cannot decide for the time
      // it had is replayed at 2× and 4× (docs/contracts.md)
      ...contractProjects({ name: 'contracts', timingName: 'contracts-timing', testTimeout: 300_000, timing: 'beside', workers: kitTestWorkers, parts: kitTestSuiteParts }),
      // last, the tests that judge the Histories the suites wrote (CONTRACT_KIT_SUITE_HISTORIES, set by the global setup)
      { extends: true, test: { name: 'after-suites', include: [afterSuites], testTimeout: 30_000, isolate: false, sequence: { groupOrder: 2 } } },
    ],
  },
})
