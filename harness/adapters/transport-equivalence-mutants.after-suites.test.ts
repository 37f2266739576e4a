import { declareTransportEquivalence } from '#harness/__test-helpers__/transport-equivalence.ts'

// Same verdicts, any transport (issue 25): one mutant of each server-side port in process, over stdio and over HTTP
// (harness/__test-helpers__/transport-equivalence.ts), on scenarios it breaks: a broken run's evidence (figures,
// items, the files it wrote) must cross every transport whole, and a mutant's held runs would show nothing the
// references' (every scenario, in the file beside this one) do not. Each breaks few scenarios, and the test asserts
// it breaks those: where the cut page is measured (pager), where the head's cap is counted and what was spilled
// (tool output; files are compared over stdio and HTTP), and, for the agent log, rows of one session read in another
// and a crash that lost what was only to be written at shutdown (a kill and a restart: over stdio and HTTP). A file of
// its own, to share the workers.
declareTransportEquivalence([
  { system: 'pager/mutants/counts-json-characters', breaks: ['pager/json-bytes-decides'] },
  { system: 'tool-output/mutants/counts-runes-as-utf16-units', breaks: ['tool-output/cap-in-runes', 'regressions/plat-200/oversized-snapshot-spilled'] },
  { system: 'agent-log/mutants/ignores-session-id', breaks: ['agent-log/interleaved-sessions'] },
  { system: 'agent-log/mutants/writes-at-shutdown', breaks: ['regressions/plat-114/crash-leaves-running-row'] },
])
