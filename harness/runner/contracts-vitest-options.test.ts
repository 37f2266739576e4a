import { describe, expect, it } from 'vitest'
import { contractsVitestOptions } from '#harness/runner/contracts-vitest-options.ts'

// A kit run starts vitest with no config file: vitest then gives an inline project only that project's own `test`
// options, not the run's. What every worker needs must therefore be in both projects — a setup file given to the run
// alone was never loaded (the worker-signals hook went missing that way, and the compiled kit was transformed by vite).
describe('contractsVitestOptions', () => {
  it('gives both projects the worker-signals setup file', () => {
    const { projects } = contractsVitestOptions()
    expect(projects).toHaveLength(2)
    for (const { test } of projects) expect(test.setupFiles).toEqual([expect.stringMatching(/harness\/runner\/worker-signals\.ts$/)])
  })

  it('gives both projects the workers’ profiling flags when CONTRACT_KIT_PROFILE_WORKERS names a folder, and none otherwise', () => {
    const before = process.env.CONTRACT_KIT_PROFILE_WORKERS
    try {
      process.env.CONTRACT_KIT_PROFILE_WORKERS = '/tmp/profiles'
      for (const { test } of contractsVitestOptions().projects) expect(test).toMatchObject({ execArgv: ['--cpu-prof', '--cpu-prof-dir=/tmp/profiles'] })
      delete process.env.CONTRACT_KIT_PROFILE_WORKERS
      for (const { test } of contractsVitestOptions().projects) expect(test).not.toHaveProperty('execArgv')
    } finally {
      if (before === undefined) delete process.env.CONTRACT_KIT_PROFILE_WORKERS
      else process.env.CONTRACT_KIT_PROFILE_WORKERS = before
    }
  })

  it('sets nothing a project would not see: the run itself has no setup file, flags or dependency options', () => {
    const options = contractsVitestOptions() as Record<string, unknown>
    for (const key of ['setupFiles', 'execArgv', 'server', 'deps']) expect(options).not.toHaveProperty(key)
  })
})
