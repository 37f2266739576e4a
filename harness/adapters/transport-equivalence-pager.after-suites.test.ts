import { declareTransportEquivalence } from '#harness/__test-helpers__/transport-equivalence.ts'

// Same verdicts, any transport (issue 25), for the pager port (harness/__test-helpers__/transport-equivalence.ts): its
// reference on every bundled pager scenario in process (the pager suite's runs), over stdio (the suite's too) and over
// HTTP; and a mutant on a scenario it breaks, where the cut page is measured — a broken run's evidence (figures,
// items) must cross every transport whole, and a mutant's held runs would show nothing the reference's do not. One
// file per port, so the after-suites group shares its two workers.
declareTransportEquivalence(['pager/reference', { system: 'pager/mutants/counts-json-characters', breaks: ['pager/json-bytes-decides'] }])
