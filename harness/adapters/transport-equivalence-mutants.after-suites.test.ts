import { declareTransportEquivalence } from '#harness/__test-helpers__/transport-equivalence.ts'

// Same verdicts, any transport (issue 25): one mutant of each server-side port in process, over stdio and over HTTP
// (harness/__test-helpers__/transport-equivalence.ts); a file of its own, beside the references', to share the workers.
declareTransportEquivalence(['pager/mutants/half-ceilings', 'tool-output/mutants/slices-utf16-units', 'agent-log/mutants/two-rows'])
