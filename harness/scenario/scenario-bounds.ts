/**
 * The upper bounds a scenario's sizes and counts share (docs/scenarios.md lists every bound, with its reason): a
 * scenario the schema accepts runs within the kit's 512 MiB goal, and every time is one Node's timers keep exactly.
 */
export const scenarioBounds = {
  /** Every timeout and delay, in ms (10 minutes): far below 2^31 ms, past which Node's setTimeout fires at once. */
  ms: 600_000,
  /** A size or offset the kit only compares against (a ceiling's max, a cap, a byte offset): a 32-bit integer. */
  threshold: 2 ** 31 - 1,
  /** The least a signed threshold may be (a step's limit, a relative cap): a 32-bit integer's least, which implementations get wrong most. */
  leastThreshold: -(2 ** 31),
  /** Steps as written in a pager or agent-log scenario. */
  steps: 1_000,
  /** Entries of a short list (ceilings, reads, faults, requests, contracts, scripts, edges). */
  list: 100,
} as const
