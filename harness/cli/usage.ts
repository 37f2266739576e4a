/** The text `contract-kit help` prints. */
export const usage = `contract-kit — replay scenario files against implementations and judge size, recovery and durability contracts

Usage:
  contract-kit run [--adapter NAME]... [--profile FILE]... [--scenario PATTERN]... [--scenario-dir DIR] [--out DIR]
                   [--no-expectations] [--keep-histories] [--timeout MS] [--time-scale N] [--shard I/N] [--screenshot]
      Replays every selected scenario against every selected adapter (default: every bundled system and the bundled
      example profiles) and writes results.json, junit.xml, summary.md, matrix.html and the History of every run that
      did not hold into DIR (default reports/).
      NAME is a bundled system (pager/reference), a bundled system over stdio (pager/reference@stdio), a mutant or
      silent system the kit ships (contract-kit list --systems), stdio:<command line> for any implementation speaking
      the stdio protocol (docs/stdio-protocol.md) — it then runs every selected scenario of the ports its handshake
      declares — or command:<template> for a session client's command line (docs/session-client-port.md).
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
  contract-kit explore --adapter NAME... [--port PORT] [--runs N] [--seed S] [--max-seconds T] [--save DIR] [--out DIR]
      Generates scenarios of each port the adapter offers (or PORT) with fast-check — fixtures, limits, faults and
      steps around the edges — and runs them like scenario files, with no expectations. A case that does not hold is
      shrunk to a minimal one, replayed alone, saved as a scenario file under DIR/<port>/ (default scenarios/found)
      and printed with its Reproduce with: line; exit 1 (one that holds alone is printed, not saved: it needs the
      cases before it). Nothing found in N cases (default 100) or T seconds (default 300): exit 0.
      S (default: random, printed) makes it repeatable: the same seed writes the same file. Reports, with each
      exploration's seed and cases in results.json, go to --out (default reports/). docs/explore.md.
  contract-kit merge-reports [DIR] [--out DIR]
      Joins the blobs the shards of one run left in DIR (default .vitest-reports) and writes the whole run's reports
      into DIR (default reports/); exits like run, and 2 when DIR is missing, empty, or lacks a shard.
  contract-kit reproduce BUG-ID [--out DIR]
      Replays a reported bug's regression scenarios (those whose reproduces: names it) against its pre-fix system and
      its reference, expectations off, and prints them side by side: each broken contract's message, witness and
      Reproduce with: line above the reference's verdict. BUG-ID: analysis-result-budget, DEP-8516, PLAT-200, PLAT-114
      (any case). Reports go to DIR (default reports/reproduce/<bug-id>). Exit 0 the bug reproduces (the pre-fix
      system breaks a case and the reference holds them all), 1 it does not, 2 bad usage.
  contract-kit baseline --profile FILE [--update] [--link URL] [--repeat N] [--scenario PATTERN]... [--out DIR]
      Runs the profile without expectations (N times) and prints, as a diff, the lists that calls for: stale entries
      removed, new failures added (one exact entry each, with --link as its link), and with N > 1 what broke only
      sometimes made known-flaky. --update writes it.
  contract-kit doctor (--profile FILE | --adapter NAME) [--port PORT]... [--calls N] [--max-call-ms MS] [--timeout MS]
      Starts one implementation over stdio and checks it before any scenario: the initialize handshake, stray stdout
      lines (a banner, a log line), how much it writes to stderr, per-call latency (N calls of each declared port,
      default 20; warns above MS, default 1000), exit when stdin closes, and SIGTERM. Prints ok/warn/fail per check,
      with a fix. --port names a port the handshake must declare (a profile's ports by default).
      Exit 0 no check failed (warnings allowed), 1 a check failed, 2 bad usage.
  contract-kit list [--adapter NAME]... [--profile FILE]... [--scenario PATTERN]... [--scenario-dir DIR] [--systems]
      Lists the selected scenarios (id, port, title, the contracts each exercises) and the adapters; --systems lists
      every system the kit ships instead (bundled, mutants, silent), each usable as --adapter NAME.
  contract-kit judge HISTORY_FILE
      Judges a saved History again, offline, the way run judged it: the verdict, each contract's result (evidence,
      witness or reason), and the exit code run gave.
  contract-kit serve session-client --scenario ID [--port N] [--scenario-dir DIR]
      Starts the kit's session server alone on 127.0.0.1 (port N, default one the OS picks) with one session-client
      scenario's session and faults, prints its URL, the session id and command lines to poke it with (curl
      --http2-prior-knowledge, nghttp), then every connection, call, frame and fault (with the frames it put on the
      wire) as it happens, until Ctrl-C (exit 0). docs/session-protocol.md.
  contract-kit help

Exit codes: 0 every outcome as expected; 1 a contract broke unexpectedly, a known-failing entry went stale or expired,
or an adapter failed; 2 bad usage, an invalid scenario or profile, or nothing selected.`
