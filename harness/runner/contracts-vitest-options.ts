import { bundleDirVariable } from '#harness/adapters/command/bundled-script.ts'
import { join } from 'node:path'
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
    // a worker ends the processes it started when vitest (or a Ctrl-C) stops it with a signal
    setupFiles: [join(packageRoot, runsFromSource ? 'harness/runner/worker-signals.ts' : 'dist/harness/runner/worker-signals.js')],
    // nothing is written into node_modules: no results cache; compiled, nothing needs a module cache, and within the
    // kit's own test run (from source) the transformed sources are kept in that run's folder, removed at its end
    cache: false as const,
    ...(runsFromSource && process.env[bundleDirVariable] ? { experimental: { fsModuleCache: true, fsModuleCachePath: join(process.env[bundleDirVariable], 'vitest-module-cache') } } : {}),
    // CONTRACT_KIT_PROFILE_WORKERS=<folder>: each worker writes a CPU profile there (docs/performance.md, "Where the time goes")
    ...(process.env.CONTRACT_KIT_PROFILE_WORKERS ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${process.env.CONTRACT_KIT_PROFILE_WORKERS}`] } : {}),
    // the compiled kit is plain JavaScript: Node loads it as it is (in a checkout as in node_modules), not through vite
    ...(runsFromSource ? {} : { server: { deps: { external: [new RegExp(`^${escapeRegExp(packageRoot)}dist/`)] } } }),
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
