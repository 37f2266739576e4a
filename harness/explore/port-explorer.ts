import type fc from 'fast-check'
import type { PortName } from '#harness/adapters/adapter.ts'
import type { ScenarioOf } from '#harness/contracts/contract.ts'
import type { Dimension } from '#harness/rules/edge-dimensions.ts'

/** A generated scenario of one port, as a scenario file would hold it (without a title: explore gives the one it saves). */
export type ExploredScenario<P extends PortName = PortName> = Omit<ScenarioOf<P>, 'title'>

/**
 * How `contract-kit explore` generates the scenarios of one port: a fast-check arbitrary over that port's whole
 * scenario space, as scenario-file data — every fixture a named one or a seeded generator with its parameters — so a
 * case it shrinks to can be saved as a scenario file and replayed by `run`. Every value must validate against the
 * scenario schema and exercise at least one contract.
 */
export interface PortExplorer<P extends PortName = PortName> {
  port: P
  /** The arbitrary over the port's scenarios. */
  scenarios(): fc.Arbitrary<ExploredScenario<P>>
  /**
   * The input dimensions its scenarios vary (harness/rules/edge-dimensions.ts): each claim proven by a measure over a
   * fixed-seed sample (explorer-varies.test.ts), and each rule of the port's rows whose edges it lists counted as fed.
   */
  varies: readonly Dimension[]
}
