import fc from 'fast-check'
import type { PortExplorer } from '#harness/explore/port-explorer.ts'
import type { ExploredScenario } from '#harness/explore/port-explorer.ts'
import type { SnapshotOptions } from '#harness/ports/snapshotter-port.ts'
import { pageSpecs } from '#harness/explore/snapshotter-pages.ts'

/** A depth the snapshotter must refuse for its type: a number as a string (as a tool call's JSON can carry it), a boolean, null. */
const depthOfAnotherType = fc.oneof(fc.integer({ min: 0, max: 14 }).map(String), fc.boolean(), fc.constant(null)) as fc.Arbitrary<unknown> as fc.Arbitrary<number>

/**
 * One further snapshot request: a depth (none, 0, or a level down to a few past most pages' real depth; now and then
 * one of another JSON type, to be refused) with compact and interactive or not.
 */
const request: fc.Arbitrary<SnapshotOptions> = fc
  .record({ depth: fc.option(fc.oneof({ arbitrary: fc.integer({ min: 0, max: 14 }), weight: 5 }, { arbitrary: depthOfAnotherType, weight: 1 }), { nil: undefined }), compact: fc.boolean(), interactive: fc.boolean() })
  .map(({ depth, compact, interactive }) => ({ ...(depth === undefined ? {} : { depth }), ...(compact ? { compact } : {}), ...(interactive ? { interactive } : {}) }))

/**
 * The snapshotter port's explorer: a generated page of any shape (flat, deep, mixed, tree; short, ranged or ~900-unit
 * names; named lists), snapshotted as every snapshotter scenario is (unlimited, each depth to one past the real depth,
 * depth 0, compact, interactive, both, refused depths), then with up to three further option sets mixing a depth
 * (now and then one of another JSON type) with compact and interactive.
 */
export const snapshotterExplorer: PortExplorer<'snapshotter'> = {
  port: 'snapshotter',
  varies: ['type', 'repetition', 'size', 'cap-count'],
  scenarios: () =>
    fc.record({ page: pageSpecs(), requests: fc.array(request, { maxLength: 3 }) }).map(({ page, requests }) => {
      const scenario = { port: 'snapshotter' as const, given: { page, ...(requests.length > 0 ? { requests } : {}) } }
      return scenario as ExploredScenario<'snapshotter'>
    }),
}
