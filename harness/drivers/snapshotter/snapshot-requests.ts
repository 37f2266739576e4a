import type { SnapshotOptions } from '#harness/ports/snapshotter-port.ts'

/** The depths a snapshotter must refuse (a negative or fractional depth is a RangeError, docs/snapshotter-port.md). */
export const refusedDepths = [-1, 1.5] as const

/** Whether a request's depth is one a snapshotter must refuse: present, and not a non-negative integer (a negative or fractional number, or a value of another JSON type). */
export function mustRefuse(options: SnapshotOptions): boolean {
  const depth: unknown = options.depth
  return depth !== undefined && (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 0)
}

/**
 * Every request the snapshotter driver makes of a page, in order: no depth limit, each depth from 1 to one past the
 * page's real depth (the depth characterization), `depth: 0` (unlimited, as Playwright reads it), compact,
 * interactive, both, depth 1 with compact, and last the depths that must be refused.
 */
export function snapshotRequests(realDepth: number): SnapshotOptions[] {
  return [
    {},
    ...Array.from({ length: realDepth + 1 }, (_, i) => ({ depth: i + 1 })),
    { depth: 0 },
    { compact: true },
    { interactive: true },
    { compact: true, interactive: true },
    { depth: 1, compact: true },
    ...refusedDepths.map((depth) => ({ depth })),
  ]
}
