import { bundleDirVariable } from '#harness/adapters/command/bundled-script.ts'
import { join } from 'node:path'
import { packageRoot, runsFromSource } from '#harness/package/package-root.ts'
import { timingBoundSuite } from '#harness/timing/timing-bound-suite.ts'
import { suitePartVariable } from '#harness/suite/suite-part.ts'

/** The port suite files of the kit, as this run loads them: the TypeScript sources, or their compiled `dist/` copies. */
export const suiteFiles: string = runsFromSource ? 'harness/suite/*.suite.ts' : 'dist/harness/suite/*.suite.js'

/** The suite file of one port (or of the timing-bound runs), relative to the package root. */
export function suiteFileOf(port: string): string {
  return suiteFiles.replace('*', port)
}

/**
 * The projects of a contract run: the port suites, two files at a time, then — after every one of them, in a group
 * of its own — the timing-bound suite, one file in one worker, so runs whose verdict depends on time share the machine
 * with nothing of the kit's but each other, one at a time. `timing: 'beside'` runs that file beside the others instead
 * (the kit's own `npm test`: see vitest.config.ts); its runs are still one at a time within a file. Beside them, `parts`
 * splits a suite file into that many projects, each declaring every n-th of its runs (`suitePartVariable`), so that a
 * long suite file that mostly waits runs as several beside the others; `workers` is how many files run at once.
 */
export function contractProjects<T extends object = object>(options: { name: string; timingName: string; testTimeout: number; test?: T; timing?: 'alone' | 'beside'; workers?: number; parts?: Readonly<Record<string, number>> }) {
  const timingFile = suiteFileOf(timingBoundSuite)
  const shared = { ...options.test, testTimeout: options.testTimeout } as Partial<T> & { testTimeout: number }
  // beside the others, in their group, it must have their worker count (vitest runs a project of another count after
  // the whole run); one file, its runs one after another, it takes one worker either way
  const beside = options.timing === 'beside'
  const workers = options.workers ?? 2
  const parts = beside ? Object.entries(options.parts ?? {}).filter(([, n]) => n > 1) : []
  const split = (suite: string) => parts.some(([s]) => s === suite)
  const partProjects = parts.flatMap(([suite, n]) =>
    Array.from({ length: n }, (_, i) => ({
      extends: true as const,
      test: { ...shared, name: `${suite === timingBoundSuite ? options.timingName : `${options.name}-${suite}`}-${i + 1}of${n}`, include: [suiteFileOf(suite)], env: { [suitePartVariable]: `${i + 1}/${n}` }, maxWorkers: workers, sequence: { groupOrder: 0 } },
    })),
  )
  return [
    { extends: true as const, test: { ...shared, name: options.name, include: [suiteFiles], exclude: [...new Set([timingFile, ...parts.map(([suite]) => suiteFileOf(suite))])], maxWorkers: workers, sequence: { groupOrder: 0 } } },
    ...(split(timingBoundSuite) ? [] : [{ extends: true as const, test: { ...shared, name: options.timingName, include: [timingFile], maxWorkers: beside ? workers : 1, sequence: { groupOrder: beside ? 0 : 1 } } }]),
    ...partProjects,
  ]
}

/**
 * The vitest options of a contract run, without a config file: the kit's suites in forked workers (the port suites two
 * at a time, then the timing-bound suite alone), with the time a whole scenario may take.
 */
export function contractsVitestOptions() {
  // without a config file, vitest gives a project only its own `test` options (and a few of the command line's, such
  // as pool): whatever a worker must have — its setup file, what it loads natively, its Node flags — is set on both
  const inEveryProject = {
    // a worker ends the processes it started when vitest (or a Ctrl-C) stops it with a signal
    setupFiles: [join(packageRoot, runsFromSource ? 'harness/runner/worker-signals.ts' : 'dist/harness/runner/worker-signals.js')],
    // CONTRACT_KIT_PROFILE_WORKERS=<folder>: each worker writes a CPU profile there (docs/performance.md, "Where the time goes")
    ...(process.env.CONTRACT_KIT_PROFILE_WORKERS ? { execArgv: ['--cpu-prof', `--cpu-prof-dir=${process.env.CONTRACT_KIT_PROFILE_WORKERS}`] } : {}),
    // the compiled kit is plain JavaScript: Node loads it as it is (in a checkout as in node_modules), not through vite
    ...(runsFromSource ? {} : { server: { deps: { external: [new RegExp(`^${escapeRegExp(packageRoot)}dist/`)] } } }),
  }
  return {
    config: false as const,
    root: packageRoot,
    projects: contractProjects({ name: 'contracts', timingName: 'contracts-timing', testTimeout: 300_000, test: inEveryProject }),
    pool: 'forks' as const,
    watch: false,
    // nothing is written into node_modules: no results cache; compiled, nothing needs a module cache, and within the
    // kit's own test run (from source) the transformed sources are kept in that run's folder, removed at its end
    cache: false as const,
    ...(runsFromSource && process.env[bundleDirVariable] ? { experimental: { fsModuleCache: true, fsModuleCachePath: join(process.env[bundleDirVariable], 'vitest-module-cache') } } : {}),
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
