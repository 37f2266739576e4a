// A setup file of the mutation runs (vitest-mutation.config.ts), loaded after Stryker's own in every vitest worker.
//
// Stryker learns which tests reach a mutant from the coverage its instrumented code counts in the test's process. A
// reference the test starts as a process of its own (an agent log over stdio, a client run as a command) counts in
// that process, which Stryker never sees: each of its mutants was "not covered", and never run. In the dry run, every
// Node process a test starts preloads write-child-coverage.mjs, which writes its coverage to a folder; after each test
// this file adds what the test's processes wrote to the test's own coverage, so a mutant there runs against the tests
// whose processes reached it. The kit waits for a scenario's processes to end before its test ends.

import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, inject } from 'vitest'

type Counts = Record<string, number>
interface StrykerNamespace {
  currentTestId?: string
  mutantCoverage?: { static: Counts; perTest: Record<string, Counts> }
}

const folderVariable = 'CONTRACT_KIT_CHILD_COVERAGE'
const writer = new URL('./write-child-coverage.mjs', import.meta.url).href

/** Adds every count of `from` to `to`. */
function addCounts(to: Counts, from: Counts): void {
  for (const [mutant, hits] of Object.entries(from)) to[mutant] = (to[mutant] ?? 0) + hits
}

/** Moves what the test's processes wrote into the test's coverage (or the static coverage outside a test), and removes it. */
function collect(folder: string, ns: StrykerNamespace): void {
  for (const name of readdirSync(folder)) {
    const path = join(folder, name)
    const child = JSON.parse(readFileSync(path, 'utf8')) as { static: Counts; perTest: Record<string, Counts> }
    rmSync(path, { force: true })
    ns.mutantCoverage ??= { static: {}, perTest: {} }
    const into = ns.currentTestId === undefined ? ns.mutantCoverage.static : (ns.mutantCoverage.perTest[ns.currentTestId] ??= {})
    addCounts(into, child.static)
    for (const counts of Object.values(child.perTest)) addCounts(into, counts)
  }
}

if ((inject as (key: string) => unknown)('mode') === 'dry-run' && process.env[folderVariable] === undefined) {
  const ns = ((globalThis as { __stryker__?: StrykerNamespace }).__stryker__ ??= {})
  const folder = mkdtempSync(join(tmpdir(), 'contract-kit-child-coverage-'))
  process.env[folderVariable] = folder
  const options = process.env.NODE_OPTIONS ?? ''
  if (!options.includes(writer)) process.env.NODE_OPTIONS = `${options} --import=${writer}`.trim()
  afterEach(() => collect(folder, ns))
  afterAll(() => {
    collect(folder, ns)
    rmSync(folder, { recursive: true, force: true })
    delete process.env[folderVariable]
  })
}
