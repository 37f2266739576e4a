/** The text `contract-kit help` prints. */
export const usage = `contract-kit — replay scenario files against implementations and judge size, recovery and durability contracts

Usage:
  contract-kit run [--adapter NAME]... [--scenario PATTERN]... [--scenario-dir DIR] [--out DIR] [--no-expectations] [--keep-histories] [--timeout MS]
      Replays every selected scenario against every selected adapter (default: every bundled system) and writes
      results.json, junit.xml, summary.md and the History of every run that did not hold into DIR (default reports/).
      NAME is a bundled system (pager/reference), a bundled system over stdio (pager/reference@stdio), or
      stdio:<command line> for any implementation speaking the stdio protocol (docs/stdio-protocol.md); it then runs
      every selected scenario of the ports its handshake declares.
      PATTERN matches case ids: * within one level, ** across levels (regressions/analysis-result-budget/**).
      --scenario-dir reads scenario files from DIR instead of the bundled scenarios/ folder.
      --keep-histories writes the History of every run, held ones too (by default only of runs that did not hold).
      --timeout sets every call's limit in milliseconds (default 10000, or the scenario's given.timeoutMs).
  contract-kit list [--adapter NAME]... [--scenario PATTERN]... [--scenario-dir DIR]
      Lists the selected scenarios (id, port, title) and the adapters.
  contract-kit judge HISTORY_FILE
      Judges a saved History again, offline, and prints each contract's result.
  contract-kit help

Exit codes: 0 every outcome as expected; 1 a contract broke unexpectedly, a known-failing entry went stale, or an
adapter failed; 2 bad usage, an invalid scenario, or nothing selected.`
