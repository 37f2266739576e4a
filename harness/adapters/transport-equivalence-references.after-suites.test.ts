import { declareTransportEquivalence } from '#harness/__test-helpers__/transport-equivalence.ts'

// Same verdicts, any transport (issue 25): each server-side port's reference in process, over stdio and over HTTP
// (harness/__test-helpers__/transport-equivalence.ts). The runs in process and over stdio are the suites' own.
declareTransportEquivalence(['pager/reference', 'tool-output/reference', 'agent-log/reference'])
