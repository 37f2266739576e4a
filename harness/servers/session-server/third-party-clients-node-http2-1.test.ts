import { declareThirdPartyClientTests } from '#harness/__test-helpers__/session-server/declare-third-party-client-tests.ts'

// Correct session clients written from docs/session-client-port.md and docs/session-protocol.md alone, on three
// HTTP/2 stacks the kit did not write (examples/clients/), hold every bundled session-client scenario, each run as a
// user runs one: as a command: adapter against the kit's server. The GOAWAY faults are sent as real servers send them
// (RFC 9113 §6.8, §8.7), so a stack that replays a refused stream, or drops the connection at any GOAWAY (undici 7,
// httpcore 0.16), is not called broken for it. Two files per client, each half its scenarios (this one the odd ones,
// -2 the rest): each spends most of its time in the scenarios' own timelines (a process a scenario), so they run
// beside other files instead of one after another.

declareThirdPartyClientTests('node-http2', { k: 1, n: 2 })
