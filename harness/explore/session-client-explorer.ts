import fc from 'fast-check'
import type { PortExplorer } from '#harness/explore/port-explorer.ts'
import { drawnReply } from '#harness/explore/session-client-reply.ts'
import { drawnFaults } from '#harness/explore/session-client-faults.ts'
import { drawnReads } from '#harness/explore/session-client-reads.ts'
import { drawnTiming } from '#harness/explore/session-client-timing.ts'
import { fitCase, type DrawnCase } from '#harness/explore/session-client-fit-case.ts'

const often0 = (max: number, weight: number) => fc.oneof({ arbitrary: fc.constant(0), weight }, { arbitrary: fc.integer({ min: 1, max }), weight: 2 })

/** One case as drawn: every field shrinks toward the plain case (no fault, a deadline met, one frame before the reply, no later turns, JSON); faults and timing first, so the cases shrinking runs get quick early. */
const drawnCase: fc.Arbitrary<DrawnCase> = fc.record({
  faults: drawnFaults,
  timing: drawnTiming,
  reads: drawnReads,
  reply: drawnReply,
  viewLimitBytes: fc.oneof({ arbitrary: fc.integer({ min: 1, max: 64 }), weight: 3 }, { arbitrary: fc.integer({ min: 65, max: 700 }), weight: 3 }, { arbitrary: fc.constant(4096), weight: 1 }),
  viewMessages: fc.oneof({ arbitrary: fc.constant(20), weight: 2 }, { arbitrary: fc.integer({ min: 1, max: 4 }), weight: 1 }),
  framesBefore: fc.integer({ min: 1, max: 4 }),
  framesAfter: often0(6, 2),
  laterTurns: often0(3, 3),
  promptsLate: fc.boolean(),
  output: fc.constantFrom('json' as const, 'text' as const),
  session: fc.oneof({ arbitrary: fc.constant('known' as const), weight: 11 }, { arbitrary: fc.constant('unknown' as const), weight: 1 }),
})

/**
 * The session-client port's explorer: session fault timelines over generated replies — GOAWAY of each kind (a drain
 * ending in CANCEL, INTERNAL_ERROR or the connection closing, a notice, two-step, a refused stream, a connection
 * error), RST_STREAM, cuts, missing end-of-stream envelopes, drops and delays at any frame or byte of any of the first
 * three watch calls; reads that fail (every answer kind) or hang; view limits and sizes, later turns (their prompts
 * shown on time or late), JSON and text output, an unknown session, and deadlines that a correct client meets or, on purpose, does not.
 */
export const sessionClientExplorer: PortExplorer<'session-client'> = {
  port: 'session-client',
  varies: ['repetition', 'order', 'size', 'cap-count', 'fault-moment'],
  scenarios: () => drawnCase.map(fitCase),
}
