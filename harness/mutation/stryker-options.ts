import type { Stryker } from '@stryker-mutator/core'
import type { MutationTarget } from '#harness/mutation/mutation-targets.ts'

/** Stryker's options, as its constructor takes them. */
export type StrykerOptions = ConstructorParameters<typeof Stryker>[0]

/** The folder (relative to the package root) one target's reports go into. */
export function mutationReportFolder(target: MutationTarget): string {
  return `reports/mutation/${target.name}`
}

/**
 * The Stryker configuration of one target (no config file at the root: `npm run mutation` hands it to Stryker): the
 * vitest runner on harness/mutation/vitest-mutation.config.ts in Stryker's sandbox (.stryker-tmp/), every test of the
 * target's suites run for a mutant (`related: false`: the suites reach the systems through the run plan, not imports),
 * two test runners side by side, and a JSON and an HTML report in `reports/mutation/<target>/`.
 */
export function strykerOptionsOf(target: MutationTarget): StrykerOptions {
  const reports = mutationReportFolder(target)
  return {
    testRunner: 'vitest',
    plugins: ['@stryker-mutator/vitest-runner'],
    vitest: { configFile: 'harness/mutation/vitest-mutation.config.ts', related: false },
    mutate: target.mutate,
    coverageAnalysis: target.coverageAnalysis,
    concurrency: 2,
    timeoutMS: target.timeoutMS,
    timeoutFactor: 1.5,
    dryRunTimeoutMinutes: 15,
    tempDirName: '.stryker-tmp',
    // the sandbox needs the sources, the scenarios and the fixtures; never the compiled kit (a test must not run it)
    ignorePatterns: ['/dist', '/dist.*', '/reports', '/.vitest-reports', '/.stryker-tmp'],
    reporters: ['json', 'html', 'clear-text', 'progress-append-only'],
    jsonReporter: { fileName: `${reports}/mutation.json` },
    htmlReporter: { fileName: `${reports}/mutation.html` },
    clearTextReporter: { allowColor: false, logTests: false, reportTests: false, reportScoreTable: true },
    thresholds: { high: 95, low: 80, break: null },
  }
}
