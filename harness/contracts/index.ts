import type { AnyContract } from '#harness/contracts/contract.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import { pageFitsCeilings } from '#harness/contracts/page-fits-ceilings.ts'
import { limitIsUpperBound } from '#harness/contracts/limit-is-upper-bound.ts'
import { largestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { oversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { firstPageReachable } from '#harness/contracts/first-page-reachable.ts'
import { cursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'
import { itemsAsDerived } from '#harness/contracts/items-as-derived.ts'
import { unknownCollectionRefused } from '#harness/contracts/unknown-collection-refused.ts'
import { invalidCursorRefused } from '#harness/contracts/invalid-cursor-refused.ts'
import { replyReadWhole } from '#harness/contracts/reply-read-whole.ts'
import { olderServerKeepsMarker } from '#harness/contracts/older-server-keeps-marker.ts'
import { transientReadRetried } from '#harness/contracts/transient-read-retried.ts'
import { deadlineIsTimeout } from '#harness/contracts/deadline-is-timeout.ts'
import { streamResumesFromCursor } from '#harness/contracts/stream-resumes-from-cursor.ts'
import { viewMarkerExact } from '#harness/contracts/view-marker-exact.ts'
import { failedReadKeepsMarker } from '#harness/contracts/failed-read-keeps-marker.ts'
import { reconnectBacksOff } from '#harness/contracts/reconnect-backs-off.ts'
import { outputFormExact } from '#harness/contracts/output-form-exact.ts'
import { depthIsNestingOnly } from '#harness/contracts/depth-is-nesting-only.ts'
import { inlineWithinCap } from '#harness/contracts/inline-within-cap.ts'
import { spillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { spillFallback } from '#harness/contracts/spill-fallback.ts'
import { spillConfined } from '#harness/contracts/spill-confined.ts'
import { remedyShrinksOutput } from '#harness/contracts/remedy-shrinks-output.ts'
import { cutMarkerExact } from '#harness/contracts/cut-marker-exact.ts'
import { remediesFitShape } from '#harness/contracts/remedies-fit-shape.ts'
import { snapshotAsDocumented } from '#harness/contracts/snapshot-as-documented.ts'
import { oneRowPerAgent } from '#harness/contracts/one-row-per-agent.ts'
import { runningRowVisible } from '#harness/contracts/running-row-visible.ts'
import { survivesEviction } from '#harness/contracts/survives-eviction.ts'
import { survivesRestart } from '#harness/contracts/survives-restart.ts'
import { bestEffort } from '#harness/contracts/best-effort.ts'
import { scoped } from '#harness/contracts/scoped.ts'
import { sandboxed } from '#harness/contracts/sandboxed.ts'
import { recordFaithful } from '#harness/contracts/record-faithful.ts'
import { survivesReuse } from '#harness/contracts/survives-reuse.ts'
import { sessionsApart } from '#harness/contracts/sessions-apart.ts'
import { recordsOrdered } from '#harness/contracts/records-ordered.ts'

/** Every contract the kit knows, by id. */
export const contractsById: ReadonlyMap<string, AnyContract> = new Map(
  [
    pageFitsCeilings,
    limitIsUpperBound,
    largestFittingPrefix,
    oversizedItemFailsCleanly,
    firstPageReachable,
    cursorExactlyOnce,
    itemsAsDerived,
    unknownCollectionRefused,
    invalidCursorRefused,
    replyReadWhole,
    olderServerKeepsMarker,
    transientReadRetried,
    deadlineIsTimeout,
    streamResumesFromCursor,
    viewMarkerExact,
    failedReadKeepsMarker,
    reconnectBacksOff,
    outputFormExact,
    depthIsNestingOnly,
    snapshotAsDocumented,
    inlineWithinCap,
    spillRoundtrip,
    spillFallback,
    spillConfined,
    remedyShrinksOutput,
    cutMarkerExact,
    remediesFitShape,
    oneRowPerAgent,
    runningRowVisible,
    survivesEviction,
    survivesRestart,
    bestEffort,
    scoped,
    sandboxed,
    recordFaithful,
    survivesReuse,
    sessionsApart,
    recordsOrdered,
  ].map((c) => [c.id, c as AnyContract]),
)

/** The contracts of one port, in a stable order. */
export function contractsOfPort(port: PortName): AnyContract[] {
  return [...contractsById.values()].filter((c) => c.port === port)
}
