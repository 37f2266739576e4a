import { declareTransportEquivalence } from '#harness/__test-helpers__/transport-equivalence.ts'

// Same verdicts, any transport (issue 25), for the tool-output port (harness/__test-helpers__/transport-equivalence.ts):
// its reference on every bundled tool-output scenario in process, over stdio and over HTTP; and a mutant on scenarios it
// breaks, where the head's cap is counted and what was spilled (the files written, compared over stdio and HTTP).
declareTransportEquivalence(['tool-output/reference', { system: 'tool-output/mutants/counts-runes-as-utf16-units', breaks: ['tool-output/cap-in-runes', 'regressions/plat-200/oversized-snapshot-spilled'] }])
