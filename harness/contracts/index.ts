import type { AnyContract } from '#harness/contracts/contract.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import { pageFitsCeilings } from '#harness/contracts/page-fits-ceilings.ts'
import { limitIsUpperBound } from '#harness/contracts/limit-is-upper-bound.ts'
import { largestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { oversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { firstPageReachable } from '#harness/contracts/first-page-reachable.ts'
import { cursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'
import { replyReadWhole } from '#harness/contracts/reply-read-whole.ts'
import { olderServerKeepsMarker } from '#harness/contracts/older-server-keeps-marker.ts'
import { transientReadRetried } from '#harness/contracts/transient-read-retried.ts'
import { deadlineIsTimeout } from '#harness/contracts/deadline-is-timeout.ts'
import { streamResumesFromCursor } from '#harness/contracts/stream-resumes-from-cursor.ts'
import { viewMarkerExact } from '#harness/contracts/view-marker-exact.ts'
import { depthIsNestingOnly } from '#harness/contracts/depth-is-nesting-only.ts'
import { inlineWithinCap } from '#harness/contracts/inline-within-cap.ts'
import { spillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { spillFallback } from '#harness/contracts/spill-fallback.ts'
import { spillConfined } from '#harness/contracts/spill-confined.ts'
import { remedyShrinksOutput } from '#harness/contracts/remedy-shrinks-output.ts'
import { oneRowPerAgent } from '#harness/contracts/one-row-per-agent.ts'
import { runningRowVisible } from '#harness/contracts/running-row-visible.ts'
import { survivesEviction } from '#harness/contracts/survives-eviction.ts'
import { survivesRestart } from '#harness/contracts/survives-restart.ts'
import { bestEffort } from '#harness/contracts/best-effort.ts'
import { scoped } from '#harness/contracts/scoped.ts'
import { sandboxed } from '#harness/contracts/sandboxed.ts'

/** Every contract the kit knows, by id. */
export const contractsById: ReadonlyMap<string, AnyContract> = new Map(
  [
    pageFitsCeilings,
    limitIsUpperBound,
    largestFittingPrefix,
    oversizedItemFailsCleanly,
    firstPageReachable,
    cursorExactlyOnce,
    replyReadWhole,
    olderServerKeepsMarker,
    transientReadRetried,
    deadlineIsTimeout,
    streamResumesFromCursor,
    viewMarkerExact,
    depthIsNestingOnly,
    inlineWithinCap,
    spillRoundtrip,
    spillFallback,
    spillConfined,
    remedyShrinksOutput,
    oneRowPerAgent,
    runningRowVisible,
    survivesEviction,
    survivesRestart,
    bestEffort,
    scoped,
    sandboxed,
  ].map((c) => [c.id, c as AnyContract]),
)

/** The contracts of one port, in a stable order. */
export function contractsOfPort(port: PortName): AnyContract[] {
  return [...contractsById.values()].filter((c) => c.port === port)
}
