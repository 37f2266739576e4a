import fc from 'fast-check'
import type { ReadAnswer } from '#harness/servers/session-server/session-script.ts'

/**
 * The answers of a read that fail transiently and end at once (a `hang` costs a try's limit, so it is drawn apart);
 * `drop` ends the try by dropping its connection, and with it any watch that shares it.
 */
const quickTransient = fc.constantFrom<ReadAnswer>('unavailable', 'internal', 'deadline_exceeded', 'unknown', 'aborted', 'canceled', 'drop')
/** A transient failure: mostly one that answers, sometimes a try that hangs. */
const transient = fc.oneof({ arbitrary: quickTransient, weight: 4 }, { arbitrary: fc.constant<ReadAnswer>('hang'), weight: 1 })
const anyAnswer = fc.constantFrom<ReadAnswer>('ok', 'unavailable', 'internal', 'deadline_exceeded', 'unknown', 'aborted', 'canceled', 'hang', 'drop', 'not_found', 'unimplemented')

/** The most hung tries a case that settles may have: each costs a try's limit. */
export const maxSettlingHangs = 3

/**
 * How successive GetSessionMessage calls answer (the last repeats), drawn by pattern so that every rule of the reads is
 * near: reads that answer, transient failures then an answer (across rounds: up to 13), failures that never end, a
 * permanent failure, the older server, or any list. A run of failures is one answer repeated, 1 to 12 times (evenly: as many as any number of rounds fails). The last answer never hangs, and at most three hang, so a correct
 * client settles; reads that hang until the deadline are the timing's to draw.
 */
export const drawnReads: fc.Arbitrary<ReadAnswer[]> = fc
  .oneof(
    { arbitrary: fc.constant<ReadAnswer[]>(['ok']), weight: 2 },
    { arbitrary: fc.tuple(fc.integer({ min: 1, max: 12 }), transient, fc.constantFrom<ReadAnswer>('ok', 'not_found')).map(([n, failed, last]) => [...Array<ReadAnswer>(n).fill(failed), last]), weight: 5 },
    { arbitrary: fc.tuple(fc.array(transient, { maxLength: 3 }), quickTransient).map(([lead, last]) => [...lead, last]), weight: 2 },
    { arbitrary: fc.constant<ReadAnswer[]>(['not_found']), weight: 1 },
    { arbitrary: fc.constant<ReadAnswer[]>(['unimplemented']), weight: 3 },
    { arbitrary: fc.array(anyAnswer, { minLength: 1, maxLength: 6 }), weight: 1 },
  )
  .map(settling)

/** Reads a correct client gets through: no hang last (it would repeat), at most three hangs (the later ones answer `unavailable` instead). */
export function settling(reads: readonly ReadAnswer[]): ReadAnswer[] {
  let hangs = 0
  const out = reads.map((a) => (a === 'hang' && ++hangs > maxSettlingHangs ? 'unavailable' : a))
  if (out.at(-1) === 'hang') out[out.length - 1] = 'unavailable'
  return out
}
