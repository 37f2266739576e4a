import type { Contract } from '#harness/contracts/contract.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import { pageFitsCeilings } from '#harness/contracts/page-fits-ceilings.ts'
import { limitIsUpperBound } from '#harness/contracts/limit-is-upper-bound.ts'
import { largestFittingPrefix } from '#harness/contracts/largest-fitting-prefix.ts'
import { oversizedItemFailsCleanly } from '#harness/contracts/oversized-item-fails-cleanly.ts'
import { firstPageReachable } from '#harness/contracts/first-page-reachable.ts'
import { cursorExactlyOnce } from '#harness/contracts/cursor-exactly-once.ts'

/** Every contract the kit knows, by id. */
export const contractsById: ReadonlyMap<string, Contract> = new Map(
  [pageFitsCeilings, limitIsUpperBound, largestFittingPrefix, oversizedItemFailsCleanly, firstPageReachable, cursorExactlyOnce].map((c) => [c.id, c]),
)

/** The contracts of one port, in a stable order. */
export function contractsOfPort(port: PortName): Contract[] {
  return [...contractsById.values()].filter((c) => c.port === port)
}
