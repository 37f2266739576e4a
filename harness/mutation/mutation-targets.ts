/** One Stryker run of the mutation measure: a bundled reference, the files mutated, and the contract suite that judges them. */
export interface MutationTarget {
  /** The target's name: `reports/mutation/<name>/`, and `npm run mutation -- <name>`. */
  name: string
  /** The port whose bundled scenarios are the test. */
  port: string
  /** The adapters of the run plan (CONTRACT_KIT_PLAN): the reference only, as the kit reaches it. */
  adapters: string[]
  /** The files Stryker mutates (globs relative to the package root; `!` excludes). */
  mutate: string[]
  /** The suite files that run (relative to the package root): the port's, and the timing-bound one where the reference's code is exercised there too. */
  suites: string[]
  /**
   * `perTest`: a mutant runs against the tests that reached its code. The vitest runner reports coverage per test
   * whatever this says (`off` and `all` run a mutant against its covering tests too), so coverage must be true per
   * test: the run plan opens a fresh connection for every scenario (`freshConnections`), and the reference is made in
   * every test. Pooled, it was made once, in the file's first test, and a mutant in its making ran against that test
   * alone — the tool output's `(total, max) => total <= max` → `() => undefined` (every output cut, even one at its
   * cap) survived, where the whole suite kills it. A reference the test starts as a process of its own counts its
   * coverage there: collect-child-coverage.ts adds it to the test's own.
   */
  coverageAnalysis: 'perTest' | 'off'
  /** Stryker's timeoutMS: added to the time a mutant's tests took unmutated (times timeoutFactor) before it counts as a timeout. */
  timeoutMS: number
}

/** Every file of a reference's folder but the tests, the test helpers, the mutants and the pre-fix (regressed) systems. */
function folderOf(port: string, except: string[] = []): string[] {
  const folder = `fixtures/systems/${port}`
  return [`${folder}/**/*.ts`, `!${folder}/**/*.test.ts`, `!${folder}/mutants/**`, `!${folder}/__test-helpers__/**`, ...except.map((file) => `!${folder}/${file}`)]
}

const portSuite = (port: string): string => `harness/suite/${port}.suite.ts`
const timingBoundSuite = 'harness/suite/timing-bound.suite.ts'

/**
 * The mutation measure's runs, in the order `npm run mutation` makes them (the fastest first): every bundled reference
 * against its port's bundled scenarios. The session client is measured twice: in process (the client itself) and run as
 * a command (its CLI, which only the command transport reaches, in a process of its own).
 */
export const mutationTargets: MutationTarget[] = [
  {
    name: 'snapshotter',
    port: 'snapshotter',
    adapters: ['snapshotter/built-in', 'snapshotter/chromium'],
    mutate: folderOf('snapshotter'),
    suites: [portSuite('snapshotter')],
    coverageAnalysis: 'perTest',
    timeoutMS: 10_000,
  },
  {
    name: 'pager',
    port: 'pager',
    adapters: ['pager/reference'],
    mutate: ['fixtures/systems/pager/reference.ts', 'fixtures/systems/pager/create-pager.ts', 'fixtures/systems/pager/page-item-cost.ts'],
    suites: [portSuite('pager')],
    coverageAnalysis: 'perTest',
    timeoutMS: 10_000,
  },
  {
    name: 'tool-output',
    port: 'tool-output',
    adapters: ['tool-output/reference'],
    mutate: folderOf('tool-output', ['plat-200.ts']),
    suites: [portSuite('tool-output')],
    coverageAnalysis: 'perTest',
    timeoutMS: 10_000,
  },
  {
    name: 'agent-log',
    port: 'agent-log',
    adapters: ['agent-log/reference@stdio'],
    // only the pre-fix agent log (plat-114.ts) keeps the conversation file and reads records from the UI events
    mutate: folderOf('agent-log', ['plat-114.ts', 'conversation-file.ts', 'records-from-ui-events.ts']),
    suites: [portSuite('agent-log')],
    coverageAnalysis: 'perTest',
    timeoutMS: 20_000,
  },
  {
    name: 'session-client',
    port: 'session-client',
    adapters: ['session-client/reference'],
    mutate: folderOf('session-client', ['dep-8516.ts', 'cli.ts', 'parse-cli-args.ts']),
    suites: [portSuite('session-client'), timingBoundSuite],
    coverageAnalysis: 'perTest',
    timeoutMS: 20_000,
  },
  {
    name: 'session-client-cli',
    port: 'session-client',
    adapters: ['session-client/reference@command'],
    mutate: ['fixtures/systems/session-client/cli.ts', 'fixtures/systems/session-client/parse-cli-args.ts'],
    // the timing-bound scenarios give the CLI other --timeout and --try-timeout values: they judge it too
    suites: [portSuite('session-client'), timingBoundSuite],
    coverageAnalysis: 'perTest',
    timeoutMS: 20_000,
  },
]
