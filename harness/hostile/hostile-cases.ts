/** One hostile case of the hostile table: a whole `contract-kit` run, the files it is given, and what it must end in. */
export interface HostileCase {
  name: string
  /** The CLI's arguments; `{dir}` is the case's own folder, `{root}` the kit's package root. */
  args: string[]
  /** Files written into the case's folder first (text, or bytes). */
  files?: Record<string, string | Uint8Array>
  /** The exit code the run must end with. */
  exit: number
  /** The verdict every run must reach (absent for a run refused before it starts). */
  verdict?: string
  /** Sends `signal` this long after the start (ms), to the process or to its whole process group (as a terminal's Ctrl-C does); the run must stop within 5 s of it, with reports that say it was interrupted. */
  interrupt?: { afterMs: number; signal: 'SIGINT' | 'SIGTERM'; to: 'process' | 'group' }
  /** Runs it as `npx contract-kit …` (the signal then goes to npx), not `node bin/contract-kit.js …`. */
  npx?: boolean
}

const stdio = (program: string, mode = '') => `stdio:node {root}/${program}${mode ? ` ${mode}` : ''}`
const hostileStdio = (mode: string) => stdio('harness/adapters/__test-helpers__/hostile-stdio.mjs', mode)
const hostileClient = (mode: string) => `command:node {root}/harness/adapters/__test-helpers__/hostile-client.mjs ${mode} {dir}/client.jsonl {url} {session}`
const pagerScenario = ['--scenario', 'regressions/analysis-result-budget/six-turns']
const sessionScenario = ['--scenario', 'regressions/dep-8516/whole-reply-in-transcript']
const scenarioFile = (text: string | Uint8Array) => ({ 'scenarios/hostile.yaml': text })
const inScenarioDir = ['--scenario-dir', '{dir}/scenarios', '--adapter', 'pager/reference']
const pageScenario = (page: string) => `port: snapshotter\ntitle: hostile\ngiven:\n  page: ${page}\n`

/**
 * The hostile cases of issue 15, each as a user would meet it: hostile implementations (stdio and client commands),
 * files they leave, bad inputs and sizes the schema must refuse, and an interrupted run.
 */
export const hostileCases: readonly HostileCase[] = [
  { name: 'stdio: a line of 16 MiB+ with no newline', args: ['run', '--adapter', hostileStdio('line-flood'), ...pagerScenario], exit: 1, verdict: 'error' },
  { name: 'stdio: one complete 20 MiB answer', args: ['run', '--adapter', hostileStdio('huge-answer'), ...pagerScenario], exit: 1, verdict: 'error' },
  {
    name: 'stdio: pages of 15 MiB without end, walked (past 64 MiB in one scenario)',
    args: ['run', '--adapter', hostileStdio('endless-pages'), '--scenario-dir', '{dir}/scenarios'],
    files: scenarioFile('port: pager\ntitle: a walk over pages that never end\nfixture: analysis-run/six-turns\ngiven:\n  ceilings:\n    - { measure: json-bytes, max: 2147483647 }\nsteps:\n  - walk: { collection: model-exchanges, maxPages: 1000 }\n'),
    exit: 1,
    verdict: 'error',
  },
  { name: 'stdio: endless blank lines', args: ['run', '--adapter', hostileStdio('blank-flood'), ...pagerScenario], exit: 1, verdict: 'error' },
  { name: 'stdio: endless stderr', args: ['run', '--adapter', hostileStdio('stderr-flood'), ...pagerScenario], exit: 1, verdict: 'error' },
  { name: 'stdio: exits, a setsid child holds stdout', args: ['run', '--adapter', hostileStdio('setsid-holds-stdout'), ...pagerScenario], exit: 1, verdict: 'error' },
  { name: 'stdio: starts a daemon, then exits mid-call', args: ['run', '--adapter', hostileStdio('daemon-then-exit'), ...pagerScenario], exit: 1, verdict: 'error' },
  { name: 'stdio: a FIFO as its spill file', args: ['run', '--adapter', stdio('harness/hostile/programs/fifo-spill.mjs'), '--scenario', 'regressions/plat-200/oversized-snapshot-spilled'], exit: 1, verdict: 'error' },
  { name: 'stdio: a FIFO in its agent-log working folder', args: ['run', '--adapter', stdio('harness/hostile/programs/fifo-working-folder.mjs'), '--scenario', 'regressions/plat-114/start-then-completion-one-row'], exit: 1, verdict: 'error' },
  { name: 'command: floods stdout', args: ['run', '--adapter', hostileClient('stdout-flood'), ...sessionScenario], exit: 1, verdict: 'error' },
  { name: 'command: floods stderr', args: ['run', '--adapter', hostileClient('stderr-flood'), ...sessionScenario], exit: 1, verdict: 'error' },
  { name: 'command: exits, a setsid child holds stdout', args: ['run', '--adapter', hostileClient('setsid-holds-stdout'), ...sessionScenario], exit: 1, verdict: 'error' },
  { name: 'command: never exits, a setsid child holds stdout', args: ['run', '--adapter', hostileClient('setsid-child-and-hang'), ...sessionScenario, '--timeout', '2000'], exit: 1, verdict: 'error' },
  { name: 'command: daemonises (double fork, setsid)', args: ['run', '--adapter', hostileClient('daemon'), ...sessionScenario], exit: 1, verdict: 'error' },
  { name: 'scenario: a NUL byte', args: ['run', ...inScenarioDir], files: scenarioFile('port: pager\ntitle: "a\u0000b"\n'), exit: 2 },
  { name: 'scenario: invalid UTF-8', args: ['run', ...inScenarioDir], files: scenarioFile(new Uint8Array([...Buffer.from('port: pager\ntitle: '), 0xff, 0x0a])), exit: 2 },
  { name: 'scenario: an undefined alias', args: ['run', ...inScenarioDir], files: scenarioFile('port: pager\ntitle: *nope\n'), exit: 2 },
  { name: 'scenario: a mapping nested 2,000 deep', args: ['run', ...inScenarioDir], files: scenarioFile(`port: pager\ntitle: x\ngiven: ${'{a: '.repeat(2000)}1${'}'.repeat(2000)}\n`), exit: 2 },
  { name: 'scenario: 200,000 unknown keys (2.9 MB)', args: ['run', ...inScenarioDir], files: scenarioFile(`port: pager\ntitle: x\n${Array.from({ length: 200_000 }, (_, i) => `k${i}: 1`).join('\n')}\n`), exit: 2 },
  { name: 'scenario: a page name of 1,000,000,000 characters', args: ['run', ...inScenarioDir], files: scenarioFile(pageScenario('{ kind: flat, siblings: 5, text: 1000000000 }')), exit: 2 },
  { name: 'scenario: a page of 5,000,000 siblings', args: ['run', ...inScenarioDir], files: scenarioFile(pageScenario('{ kind: flat, siblings: 5000000 }')), exit: 2 },
  { name: 'scenario: a page 100,000 deep', args: ['run', ...inScenarioDir], files: scenarioFile(pageScenario('{ kind: deep, depth: 100000 }')), exit: 2 },
  { name: 'scenario: 2,000,000,000 UI events', args: ['run', ...inScenarioDir], files: scenarioFile('port: agent-log\ntitle: x\nsteps:\n  - activity: 2000000000\n  - check\n'), exit: 2 },
  { name: 'scenario: a delay past 2^31 ms', args: ['run', ...inScenarioDir], files: scenarioFile('port: session-client\ntitle: x\ngiven:\n  reply: short\n  tryTimeoutMs: 2147483648\n'), exit: 2 },
  { name: 'profile: expires 2027-02-30, link javascript:', args: ['run', '--profile', '{dir}/profile.yaml'], files: { 'profile.yaml': 'name: x\nports: [pager]\ntransport: stdio\ncommand: node x.js\nknownFailing:\n  - case: a/b\n    reason: r\n    link: javascript:alert(1)\n    expires: 2027-02-30\n' }, exit: 2 },
  { name: 'profile: an unknown {placeholder}', args: ['run', '--profile', '{dir}/profile.yaml'], files: { 'profile.yaml': 'name: x\nports: [session-client]\ntransport: command\ncommand: node client.js {url} {nope}\n' }, exit: 2 },
  { name: 'flags: --timeout 0x10', args: ['run', '--adapter', 'pager/reference', '--timeout', '0x10'], exit: 2 },
  { name: 'flags: --shard given twice', args: ['run', '--adapter', 'pager/reference', '--shard', '1/2', '--shard', '2/2'], exit: 2 },
  { name: 'flags: --out is a file', args: ['run', '--adapter', 'pager/reference', '--out', '{dir}/a-file'], files: { 'a-file': 'x' }, exit: 2 },
  { name: 'Ctrl-C (SIGINT to the process group) on `npx contract-kit run` mid-run (the default run)', args: ['run'], exit: 130, interrupt: { afterMs: 8_000, signal: 'SIGINT', to: 'group' }, npx: true },
  { name: 'SIGINT to `npx` alone (`kill -INT <pid>`) mid-run (the default run)', args: ['run'], exit: 130, interrupt: { afterMs: 8_000, signal: 'SIGINT', to: 'process' }, npx: true },
  { name: 'SIGTERM to `npx` mid-run (the default run)', args: ['run'], exit: 143, interrupt: { afterMs: 8_000, signal: 'SIGTERM', to: 'process' }, npx: true },
  { name: 'SIGINT to the kit mid-run (the default run)', args: ['run'], exit: 130, interrupt: { afterMs: 8_000, signal: 'SIGINT', to: 'process' } },
]
