// A setup file of the mutation runs (vitest-mutation.config.ts), loaded after Stryker's own in every vitest worker.
//
// Stryker switches mutants on in the test's process (globalThis.__stryker__.activeMutant); a system the test starts
// as a process of its own (an agent log over stdio, a client run as a command) is the sandbox's instrumented sources
// bundled, and reads the mutant to switch on from __STRYKER_ACTIVE_MUTANT__ in its environment, which it inherits.

import { beforeAll } from 'vitest'

const variable = '__STRYKER_ACTIVE_MUTANT__'

/** Copies the active mutant into the environment the test's child processes inherit; none (a dry run): removes it. */
function passActiveMutant(): void {
  const active = (globalThis as { __stryker__?: { activeMutant?: string | number } }).__stryker__?.activeMutant
  if (active === undefined) delete process.env[variable]
  else process.env[variable] = String(active)
}

passActiveMutant()
beforeAll(passActiveMutant)
