import { declareTransportEquivalence } from '#harness/__test-helpers__/transport-equivalence.ts'

// Same verdicts, any transport (issue 25), for the agent-log port (harness/__test-helpers__/transport-equivalence.ts):
// its reference on every bundled agent-log scenario in process, over stdio and over HTTP (those with a kill and a
// restart over stdio and HTTP only); and two mutants on a scenario each breaks: rows of one session read in another
// (all three), and a crash that lost what was only to be written at shutdown (a kill: over stdio and HTTP).
declareTransportEquivalence([
  'agent-log/reference',
  { system: 'agent-log/mutants/ignores-session-id', breaks: ['agent-log/interleaved-sessions'] },
  { system: 'agent-log/mutants/writes-at-shutdown', breaks: ['regressions/plat-114/crash-leaves-running-row'] },
])
