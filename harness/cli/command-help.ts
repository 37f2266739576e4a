/** One command's help: its synopsis, what it does, each flag on one line (with its default), and two examples. */
export interface CommandHelp {
  /** The synopsis lines, without the leading `contract-kit ` on continuation lines. */
  synopsis: string[]
  /** What the command does, as `contract-kit help` prints it under the synopsis. */
  summary: string
  /** Each flag (or argument) and what it does, its default in the text. */
  flags: Array<[string, string]>
  examples: [string, string]
  /** The command's own exit codes, where they differ from `contract-kit help`'s. */
  exitCodes?: string
}

const runSynopsis = [
  'contract-kit run [--adapter NAME]... [--profile FILE]... [--scenario PATTERN]... [--scenario-dir DIR] [--out DIR]',
  '                 [--no-expectations] [--keep-histories] [--timeout MS] [--time-scale N] [--shard I/N] [--screenshot]',
  '                 [--reporter github]',
]

/** Every command's help, in the order `contract-kit help` lists them. */
export const commandHelp: Record<string, CommandHelp> = {
  run: {
    synopsis: runSynopsis,
    summary: `Replays every selected scenario against every selected adapter (default: every bundled system and the bundled
example profiles) and writes results.json, junit.xml, summary.md, matrix.html and the History of every run that
did not hold into DIR (default reports/).
NAME is a bundled system (pager/reference), a bundled system over stdio (pager/reference@stdio), a mutant or
silent system the kit ships (contract-kit list --systems), stdio:<command line> for any implementation speaking
the stdio protocol (docs/stdio-protocol.md) — it then runs every selected scenario of the ports its handshake
declares —, http:<url> for a service already running that speaks it over HTTP (docs/http-protocol.md), or
command:<template> for a session client's command line (docs/session-client-port.md).
FILE is a profile (docs/profiles.md): one implementation's command, ports, capabilities, and its known-failing
and known-flaky lists; an expired or stale entry fails the run.
PATTERN matches case ids: * within one level, ** across levels (regressions/analysis-result-budget/**).
--scenario-dir reads scenario files from DIR instead of the bundled scenarios/ folder.
--keep-histories writes the History of every run, held ones too (by default only of runs that did not hold).
--timeout sets every call's limit in milliseconds (default 10000, or the scenario's given.timeoutMs).
--time-scale N multiplies every duration a scenario gives an implementation (a client's deadline and try limit,
delays, GOAWAY grace) and the bounds contracts derive from them (default CONTRACT_KIT_TIME_SCALE, else 1; a
profile's timeScale multiplies it). A run left unknown only because of time runs again at 2×, then 4× that scale.
--screenshot opens matrix.html in Chromium afterwards and keeps matrix.png beside it (skipped, with a line on
stderr, when there is no Chromium).
--shard I/N runs part I of N of the suite files (one per port; vitest's --shard) and writes its blob to
.vitest-reports/blob-I-N.json for merge-reports; give every part the same selection (docs/ci.md).
--reporter github prints a GitHub Actions annotation (::error) for each run that broke, erred or held unexpectedly
and each stale known-failing entry, and appends summary.md to $GITHUB_STEP_SUMMARY; on by itself when
GITHUB_ACTIONS=true (docs/ci.md).`,
    flags: [
      ['--adapter NAME', 'an implementation to run (repeatable; default: every bundled system and example profile)'],
      ['--profile FILE', 'a profile: command, ports, capabilities, known-failing and known-flaky lists (repeatable)'],
      ['--scenario PATTERN', 'the case ids to run: * within one level, ** across levels (repeatable; default: all)'],
      ['--scenario-dir DIR', 'read scenario files from DIR (default: the bundled scenarios/)'],
      ['--out DIR', 'where the reports go (default: reports)'],
      ['--no-expectations', 'ignore every known-failing and known-flaky list'],
      ['--keep-histories', 'write the History of every run, held ones too (default: only runs that did not hold)'],
      ['--timeout MS', "every call's limit in milliseconds (default: 10000, or the scenario's given.timeoutMs)"],
      ['--time-scale N', 'multiply every duration a scenario gives (default: CONTRACT_KIT_TIME_SCALE, else 1)'],
      ['--shard I/N', "run part I of N of the suite files; join the parts with merge-reports (default: the whole run)"],
      ['--screenshot', 'open matrix.html in Chromium afterwards and keep matrix.png (default: off)'],
      ['--reporter github', 'GitHub Actions annotations and step summary (default: on when GITHUB_ACTIONS=true)'],
    ],
    examples: [
      "contract-kit run --adapter pager/reference --scenario 'pager/**'",
      "contract-kit run --adapter 'stdio:python3 my_pager.py' --out reports/mine",
    ],
  },
  explore: {
    synopsis: ['contract-kit explore --adapter NAME... [--port PORT] [--runs N] [--seed S] [--max-seconds T] [--save DIR] [--out DIR]'],
    summary: `Generates scenarios of each port the adapter offers (or PORT) with fast-check — fixtures, limits, faults and
steps around the edges — and runs them like scenario files, with no expectations. A case that does not hold is
shrunk to a minimal one, replayed alone, saved as a scenario file under DIR/<port>/ (default scenarios/found)
and printed with its Reproduce with: line; exit 1 (one that holds alone is printed, not saved: it needs the
cases before it). Nothing found in N cases (default 100) or T seconds (default 300): exit 0.
S (default: random, printed) makes it repeatable: the same seed writes the same file. Reports, with each
exploration's seed and cases in results.json, go to --out (default reports/). docs/explore.md.`,
    flags: [
      ['--adapter NAME', 'the implementation to explore (repeatable; required)'],
      ['--port PORT', 'explore only this port (default: every port the adapter offers)'],
      ['--runs N', 'the most cases to generate (default: 100)'],
      ['--seed S', 'the seed: the same seed draws the same cases (default: random, printed)'],
      ['--max-seconds T', 'stop after T seconds (default: 300)'],
      ['--save DIR', 'where a found case is saved, under DIR/<port>/ (default: scenarios/found)'],
      ['--out DIR', 'where the reports go (default: reports)'],
    ],
    examples: ['contract-kit explore --adapter pager/reference --runs 50 --seed 1', "contract-kit explore --adapter 'stdio:python3 my_pager.py' --port pager --max-seconds 60"],
    exitCodes: 'Exit codes: 0 nothing found; 1 a case did not hold (saved, or printed when it needs the cases before it); 2 bad usage.',
  },
  'merge-reports': {
    synopsis: ['contract-kit merge-reports [DIR] [--out DIR] [--reporter github]'],
    summary: `Joins the blobs the shards of one run left in DIR (default .vitest-reports) and writes the whole run's reports
into DIR (default reports/); exits like run, and 2 when DIR is missing, empty, or lacks a shard. --reporter github
as for run.`,
    flags: [
      ['DIR', 'the folder of the shards\u2019 blobs (default: .vitest-reports)'],
      ['--out DIR', "where the whole run's reports go (default: reports)"],
      ['--reporter github', 'GitHub Actions annotations and step summary (default: on when GITHUB_ACTIONS=true)'],
    ],
    examples: ['contract-kit merge-reports', 'contract-kit merge-reports ci-blobs --out reports/all'],
  },
  reproduce: {
    synopsis: ['contract-kit reproduce BUG-ID [--out DIR]'],
    summary: `Replays a reported bug's regression scenarios (those whose reproduces: names it) against its pre-fix system and
its reference, expectations off, and prints them side by side: each broken contract's message, witness and
Reproduce with: line above the reference's verdict. BUG-ID: analysis-result-budget, DEP-8516, PLAT-200, PLAT-114
(any case). Reports go to DIR (default reports/reproduce/<bug-id>). Exit 0 the bug reproduces (the pre-fix
system breaks a case and the reference holds them all), 1 it does not, 2 bad usage.`,
    flags: [
      ['BUG-ID', 'analysis-result-budget, DEP-8516, PLAT-200 or PLAT-114 (any case; required)'],
      ['--out DIR', 'where the reports go (default: reports/reproduce/<bug-id>)'],
    ],
    examples: ['contract-kit reproduce DEP-8516', 'contract-kit reproduce plat-114 --out /tmp/plat-114'],
  },
  baseline: {
    synopsis: ['contract-kit baseline --profile FILE [--update] [--link URL] [--repeat N] [--scenario PATTERN]... [--scenario-dir DIR]', '                      [--timeout MS] [--out DIR]'],
    summary: `Runs the profile without expectations (N times) and prints, as a diff, the lists that calls for: stale entries
removed, new failures added (one exact entry each, with --link as its link), and with N > 1 what broke only
sometimes made known-flaky. --update writes it.`,
    flags: [
      ['--profile FILE', 'the profile whose lists to rewrite (required)'],
      ['--update', 'write the new lists into the profile (default: print the diff only)'],
      ['--link URL', 'the link of each new entry (default: none)'],
      ['--repeat N', 'run N times; what broke only sometimes becomes known-flaky (default: 1)'],
      ['--scenario PATTERN', 'the case ids to run (repeatable; default: all)'],
      ['--scenario-dir DIR', 'read scenario files from DIR (default: the bundled scenarios/)'],
      ['--timeout MS', "every call's limit in milliseconds (default: 10000, or the scenario's given.timeoutMs)"],
      ['--out DIR', 'where the reports go (default: reports/baseline)'],
    ],
    examples: ['contract-kit baseline --profile my-impl.yaml', 'contract-kit baseline --profile my-impl.yaml --repeat 3 --link https://example.com/issues/12 --update'],
  },
  doctor: {
    synopsis: ['contract-kit doctor (--profile FILE | --adapter NAME) [--port PORT]... [--calls N] [--max-call-ms MS] [--timeout MS]'],
    summary: `Starts one implementation over stdio and checks it before any scenario: the initialize handshake, stray stdout
lines (a banner, a log line), how much it writes to stderr, per-call latency (N calls of each declared port,
default 20; warns above MS, default 1000), exit when stdin closes, and SIGTERM. Prints ok/warn/fail per check,
with a fix. --port names a port the handshake must declare (a profile's ports by default). A service already
running, http:<url>, is not started: doctor checks it takes a connection, its handshake and the latency of N
initialize round trips (default 5); the checks about a process are printed as not applicable.
Exit 0 no check failed (warnings allowed), 1 a check failed, 2 bad usage.`,
    flags: [
      ['--profile FILE', 'the implementation, as a profile names it (this or --adapter)'],
      ['--adapter NAME', 'the implementation: stdio:<command line>, a bundled system @stdio, http:<url>, or command:<template>'],
      ['--port PORT', "a port the handshake must declare (repeatable; default: a profile's ports)"],
      ['--calls N', 'calls of each declared port to time (default: 20); http:<url>, initialize round trips (default: 5)'],
      ['--max-call-ms MS', 'warn when a call takes longer (default: 1000)'],
      ['--timeout MS', 'the limit of each call and of the start (default: 10000)'],
    ],
    examples: ["contract-kit doctor --adapter 'stdio:python3 my_pager.py'", 'contract-kit doctor --profile my-impl.yaml --calls 50'],
  },
  list: {
    synopsis: ['contract-kit list [--adapter NAME]... [--profile FILE]... [--scenario PATTERN]... [--scenario-dir DIR] [--systems]'],
    summary: `Lists the selected scenarios (id, port, title, the contracts each exercises) and the adapters; --systems lists
every system the kit ships instead (bundled, mutants, silent), each usable as --adapter NAME.`,
    flags: [
      ['--adapter NAME', 'list what this adapter would run (repeatable; default: every bundled system)'],
      ['--profile FILE', 'list what this profile would run (repeatable)'],
      ['--scenario PATTERN', 'the case ids to list (repeatable; default: all)'],
      ['--scenario-dir DIR', 'read scenario files from DIR (default: the bundled scenarios/)'],
      ['--systems', 'list every system the kit ships instead (default: off)'],
    ],
    examples: ["contract-kit list --scenario 'regressions/**'", 'contract-kit list --systems'],
  },
  judge: {
    synopsis: ['contract-kit judge HISTORY_FILE'],
    summary: `Judges a saved History again, offline, the way run judged it: the verdict, each contract's result (evidence,
witness or reason), and the exit code run gave.`,
    flags: [['HISTORY_FILE', 'a History a run wrote (reports/histories/…; required)']],
    examples: ['contract-kit judge reports/histories/session-client.dep-8516/regressions/dep-8516/goaway-at-frame.json', 'contract-kit judge ci-reports/histories/pager.analysis-result-budget/regressions/analysis-result-budget/forty-exchanges.json'],
  },
  serve: {
    synopsis: ['contract-kit serve session-client --scenario ID [--port N] [--scenario-dir DIR]'],
    summary: `Starts the kit's session server alone on 127.0.0.1 (port N, default one the OS picks) with one session-client
scenario's session and faults, prints its URL, the session id and command lines to poke it with (curl
--http2-prior-knowledge, nghttp), then every connection, call, frame and fault (with the frames it put on the
wire) as it happens, until Ctrl-C (exit 0). docs/session-protocol.md.`,
    flags: [
      ['--scenario ID', 'the session-client scenario to serve (required)'],
      ['--port N', 'the port on 127.0.0.1 (default: one the OS picks)'],
      ['--scenario-dir DIR', 'read scenario files from DIR (default: the bundled scenarios/)'],
    ],
    examples: ['contract-kit serve session-client --scenario regressions/dep-8516/goaway-at-frame', 'contract-kit serve session-client --scenario session-client/goaway-two-step --port 8080'],
  },
}
