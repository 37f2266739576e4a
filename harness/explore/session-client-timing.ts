import fc from 'fast-check'
import { nonEndingFaults } from '#harness/servers/session-server/session-script.ts'
import type { ReadAnswer, WatchFault } from '#harness/servers/session-server/session-script.ts'
import { goawayEnding } from '#harness/servers/session-server/goaway-ending.ts'
import { settling } from '#harness/explore/session-client-reads.ts'

/**
 * How a case is timed: it settles (a deadline well past the longest a correct client can take), its reads hang until
 * the deadline (`hangs` tries in a row, each limited so that they outlast it), or a delay holds its settling frame back
 * past the deadline (`at` ‰ of the way to it).
 */
export type DrawnTiming =
  | { kind: 'settles'; tryMs: number }
  | { kind: 'reads-outlast'; hangs: number; extraMs: number }
  | { kind: 'frame-outlasts'; at: number; extraMs: number }

/**
 * Mostly cases that settle, sometimes one that must end at its deadline. A try that may answer is limited to 150 ms
 * or more (and 1 ms more for each 2 kB of the reply): a read answered `ok` after the client gave up on it counts at the
 * server as read whole, so a try limit shorter than a loaded machine takes to answer would judge a correct client's
 * next try as a read again.
 */
export const drawnTiming: fc.Arbitrary<DrawnTiming> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('settles' as const), tryMs: fc.integer({ min: 150, max: 300 }) }), weight: 8 },
  {
    arbitrary: fc.record({ kind: fc.constant('reads-outlast' as const), hangs: fc.oneof({ arbitrary: fc.constant(12), weight: 1 }, { arbitrary: fc.integer({ min: 1, max: 11 }), weight: 1 }), extraMs: fc.integer({ min: 0, max: 200 }) }),
    weight: 1,
  },
  { arbitrary: fc.record({ kind: fc.constant('frame-outlasts' as const), at: fc.integer({ min: 0, max: 1000 }), extraMs: fc.integer({ min: 0, max: 200 }) }), weight: 1 },
)

/**
 * How much longer than the longest a correct client can take its deadline is, in a case that settles: room for a
 * loaded machine and a client process starting, so a correct client never times out where it must settle.
 */
export const settlingMarginMs = 1200

/**
 * How much more a case that settles allows for each read it answers: a client makes one request a read, and a loaded
 * machine running a client on a slower HTTP/2 stack (Python's) takes up to this long for each (twelve failed reads
 * came within a few hundred ms of the margin alone).
 */
export const settlingReadMs = 150

/** The least deadline of a case that must end at it: time to connect, watch, and reach the read or the held frame. */
export const leastDeadlineMs = 500

/** The first wait before a reconnect and the most it grows to (docs/session-client-port.md). */
const waits = { firstMs: 50, maxMs: 1000 }

/**
 * The longest a correct client takes to settle a session with these faults and reads (ms, a generous bound): a
 * reconnect wait for every watch call a fault may end and every GOAWAY notice (some HTTP/2 stacks drop the connection
 * there), doubling as if none brought a frame; each connection's grace after a GOAWAY; every delay; every hung try.
 */
export function worstCaseMs(faults: readonly WatchFault[], reads: readonly ReadAnswer[], tryTimeoutMs: number): number {
  const ended = new Set(faults.filter((f) => !nonEndingFaults.has(f.kind)).map((f) => f.watch)).size
  const notices = faults.filter((f) => f.kind === 'goaway-notice').length
  let total = 0
  for (let i = 0; i < ended + notices; i++) total += Math.min(waits.firstMs * 2 ** i, waits.maxMs) + 40
  for (const f of faults) {
    if (f.kind === 'goaway') total += goawayEnding(f).graceMs
    if (f.kind === 'delay') total += f.ms
  }
  return total + reads.filter((a) => a === 'hang').length * tryTimeoutMs + 40
}

/** A case's reads, faults and deadlines, as its timing draws them, from the faults and reads it drew. */
export interface TimedCase {
  reads: ReadAnswer[]
  faults: WatchFault[]
  timeoutMs: number
  tryTimeoutMs: number
}

/** The answers that fail at once, taken in turn before fewer than 12 hung tries. */
const quickFailures: readonly ReadAnswer[] = ['unavailable', 'internal', 'deadline_exceeded']

/**
 * The reads, faults and deadlines of a drawn timing. Reads outlast the deadline only of a cut reply the settling frame
 * shows (an earlier one gets a round a frame and none before the wait ends: it cannot be held open): otherwise the
 * case settles. Fewer than 12 hung tries come last of the 12, after failures that answer at once, so that the
 * deadline passes during the last try a correct client makes (the 12th), with the hung tries' limits to spare. A frame held back comes after the frame the reply first shows on, or, when the reply shows first on
 * the held frame, its reads all answer (no read is made before the deadline). Reads that outlast the deadline keep no
 * fault: a GOAWAY may refuse a read the client opened on the draining connection, and a drop may cut one, each a try
 * spent without hanging — how many depends on the client's timing, so the deadline could not be known to pass.
 */
export function timedCase(
  t: DrawnTiming,
  c: { faults: WatchFault[]; reads: ReadAnswer[]; replyBytes: number; settlingCut: boolean; replyFrame: number; settlingFrame: number },
): TimedCase {
  if (t.kind === 'reads-outlast' && c.settlingCut) {
    const timeoutMs = leastDeadlineMs + 40 + t.extraMs
    const quick = Array.from({ length: 12 - t.hangs }, (_, i) => quickFailures[i % quickFailures.length]!)
    return { reads: [...quick, ...Array<ReadAnswer>(t.hangs).fill('hang'), ...settling(c.reads)], faults: [], timeoutMs, tryTimeoutMs: Math.ceil(timeoutMs / t.hangs) }
  }
  if (t.kind === 'frame-outlasts') {
    // only delays on the first call, so that nothing ends it and the held frame is one it must send
    const delays = c.faults.filter((f) => f.watch === 1 && f.kind === 'delay')
    const tryTimeoutMs = 150 + Math.ceil(c.replyBytes / 2000)
    const seen = c.replyFrame >= 0 && c.replyFrame < c.settlingFrame
    const reads = seen ? settling(c.reads) : (['ok'] as ReadAnswer[])
    const timeoutMs = worstCaseMs(delays, reads, tryTimeoutMs) + leastDeadlineMs + t.extraMs
    const from = seen ? c.replyFrame + 1 : 0
    const held: WatchFault = { watch: 1, atFrame: from + Math.round((t.at / 1000) * (c.settlingFrame - from)), kind: 'delay', ms: timeoutMs + 1000 }
    // a client may give up on a quiet watch and reopen it: the calls after the first are held back from their start
    const later = [2, 3, 4].map((watch): WatchFault => ({ watch, atFrame: 0, kind: 'delay', ms: timeoutMs + 1000 }))
    return { reads, faults: [...delays, held, ...later], timeoutMs, tryTimeoutMs }
  }
  const tryTimeoutMs = (t.kind === 'settles' ? t.tryMs : 150) + Math.ceil(c.replyBytes / 2000)
  const reads = settling(c.reads)
  return { reads, faults: c.faults, timeoutMs: worstCaseMs(c.faults, reads, tryTimeoutMs) + settlingMarginMs + reads.length * settlingReadMs, tryTimeoutMs }
}
