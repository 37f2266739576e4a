import { packageRoot, runsFromSource } from '#harness/package/package-root.ts'

/** The port suite files of the kit, as this run loads them: the TypeScript sources, or their compiled `dist/` copies. */
export const suiteFiles: string = runsFromSource ? 'harness/suite/*.suite.ts' : 'dist/harness/suite/*.suite.js'

/** The suite file of one port, relative to the package root. */
export function suiteFileOf(port: string): string {
  return suiteFiles.replace('*', port)
}

/**
 * The vitest options of a contract run, without a config file: the kit's port suites in forked workers, two at a time,
 * with the time a whole scenario may take. The kit's own `vitest.config.ts` declares the same as its `contracts` project.
 */
export function contractsVitestOptions() {
  return {
    config: false as const,
    root: packageRoot,
    include: [suiteFiles],
    exclude: [],
    pool: 'forks' as const,
    maxWorkers: 2,
    testTimeout: 300_000,
    watch: false,
  }
}
