import { afterAll, describe, expect, test } from 'vitest'
import { recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceToolOutput } from '#fixtures/systems/tool-output/reference.ts'
import { createBuiltInSnapshotter } from '#harness/snapshot/built-in.ts'
import { silentSystems } from '#fixtures/systems/silent/silent-systems.ts'
import { createInProcessAdapter } from '#harness/adapters/in-process-adapter.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { exercisesOf } from '#harness/scenario/load-scenarios.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { inlineWithinCap } from '#harness/contracts/inline-within-cap.ts'
import { spillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { spillFallback } from '#harness/contracts/spill-fallback.ts'
import { spillConfined } from '#harness/contracts/spill-confined.ts'
import { remedyShrinksOutput } from '#harness/contracts/remedy-shrinks-output.ts'
import { cutMarkerExact } from '#harness/contracts/cut-marker-exact.ts'
import { remediesFitShape } from '#harness/contracts/remedies-fit-shape.ts'
import { checkDepthIsNestingOnly } from '#harness/contracts/depth-is-nesting-only.ts'
import { checkSnapshotAsDocumented } from '#harness/contracts/snapshot-as-documented.ts'
import type { HistoryEvent, SnapshotterHistory, ToolOutputHistory } from '#harness/history/history.ts'
import type { ToolOutputPort } from '#harness/ports/tool-output-port.ts'

// The PLAT-200 contracts never say held on what they did not see: not-applicable where the scenario sets nothing up for
// them (another spill policy, an output within its cap), unknown where the tool's answer or the kit's measure is missing.

const contracts = [inlineWithinCap, spillRoundtrip, spillFallback, spillConfined, remedyShrinksOutput, cutMarkerExact, remediesFitShape]
const verdicts = (history: ToolOutputHistory) => Object.fromEntries(contracts.map((c) => [c.id, c.check(history).verdict]))
const tool = (name: string, create: () => ToolOutputPort) => recordInProcess(`plat-200/${name}`, { 'tool-output': create() }) as Promise<ToolOutputHistory>
const silent = (kind: 'errors' | 'empty') => () => silentSystems[`tool-output/silent/${kind}`]().ports['tool-output']!
/** The History with some events blanked out (each replaced by a note, so every completion still points at its invoke). */
const without = <H extends { events: HistoryEvent[] }>(history: H, drop: (e: HistoryEvent) => boolean): H => ({
  ...history,
  events: history.events.map((e): HistoryEvent => (drop(e) ? { type: 'note', index: e.index, time: e.time, what: 'blanked by the test' } : e)),
})
afterAll(() => closeKitSnapshotter())

describe('not-applicable: the scenario sets nothing up for the contract', () => {
  test('the spill policy picks one of spill-roundtrip and spill-fallback, from the scenario alone', async () => {
    const granted = await tool('oversized-snapshot-spilled', createReferenceToolOutput)
    expect(spillFallback.check(granted)).toEqual({ verdict: 'not-applicable', reason: 'the spill policy is granted: a folder is granted, so there is no fallback to judge' })
    const none = await tool('fallback-no-spiller', createReferenceToolOutput)
    expect(spillRoundtrip.check(none)).toEqual({ verdict: 'not-applicable', reason: 'the spill policy is none: no folder is granted, so nothing is spilled to read back' })
    expect(granted.exercises).not.toContain('recovery/spill-fallback')
    expect(none.exercises).not.toContain('recovery/spill-roundtrip')
  })

  test('an output within its cap: nothing to spill, no remedy — not exercised, and not-applicable when judged', async () => {
    const given = { page: { kind: 'flat', siblings: 20 }, cap: { unit: 'runes', max: 1_000_000 }, spill: 'granted' }
    const scenario = scenarioSchema.parse({ port: 'tool-output', title: 'An output within its cap', given })
    expect(exercisesOf(scenario)).toEqual(['size/inline-within-cap', 'security/spill-confined'])
    const adapter = createInProcessAdapter({ name: 'tool-output/reference', create: () => ({ name: 'tool-output/reference', ports: { 'tool-output': createReferenceToolOutput() } }) })
    const pool = new ConnectionPool()
    const { history } = await recordScenario({ id: 'within-the-cap', file: 'within-the-cap.yaml', scenario, exercises: exercisesOf(scenario) }, adapter, pool)
    await pool.closeAll()
    expect(verdicts(history as ToolOutputHistory)).toEqual({
      'size/inline-within-cap': 'held',
      'recovery/spill-roundtrip': 'not-applicable',
      'recovery/spill-fallback': 'not-applicable',
      'security/spill-confined': 'held',
      'size/remedy-shrinks-output': 'not-applicable',
      'size/cut-marker-exact': 'not-applicable',
      'size/remedies-fit-shape': 'not-applicable',
    })
    expect(inlineWithinCap.check(history as ToolOutputHistory)).toMatchObject({ evidence: expect.stringMatching(/^the output's [\d,]+ runes fit the cap of 1,000,000: returned whole inline, no banner, remedy or spill$/) })
    expect(remedyShrinksOutput.check(history as ToolOutputHistory)).toMatchObject({ reason: expect.stringMatching(/fit the cap of 1,000,000: nothing is cut, no banner, no remedy to offer$/) })
    expect(judgeHistory(history).verdict).toBe('held')
    // naming a contract the scenario cannot exercise is refused before anything runs
    expect(() => scenarioSchema.parse({ port: 'tool-output', title: 'Within its cap', given, contracts: ['recovery/spill-roundtrip'] })).toThrow(
      /recovery\/spill-roundtrip is not exercised by this scenario: the page's output \([\d,]+ runes\) fits the cap of 1,000,000: nothing is cut/,
    )
  })
})

describe('unknown, or broken, when the tool answers with an error or nothing useful (tool-output/silent/*)', () => {
  test('errors: no inline text or remedy to measure (unknown); the spill it owed broken; confined held once it answered', async () => {
    const granted = await tool('oversized-snapshot-spilled', silent('errors'))
    expect(verdicts(granted)).toEqual({
      'size/inline-within-cap': 'unknown',
      'recovery/spill-roundtrip': 'broken',
      'recovery/spill-fallback': 'not-applicable',
      'security/spill-confined': 'held',
      'size/remedy-shrinks-output': 'unknown',
      'size/cut-marker-exact': 'unknown',
      'size/remedies-fit-shape': 'unknown',
    })
    expect(spillConfined.check(granted)).toMatchObject({ evidence: expect.stringMatching(/^the tool answered with an error; nothing changed/), figures: { answer: 'error' } })
    expect(judgeHistory(granted).verdict).toBe('broken')
    const failing = await tool('fallback-failing-spiller', silent('errors'))
    expect(spillFallback.check(failing)).toMatchObject({ verdict: 'broken', witness: { spill: 'failing', error: expect.stringContaining('silent system') } })
  })
  test('empty: an empty head, no marker and no remedy are broken (the cap held a head, a marker and remedies were due); no remedy is nothing to run', async () => {
    for (const name of ['oversized-snapshot-spilled', 'fallback-no-spiller']) {
      const history = await tool(name, silent('empty'))
      expect(inlineWithinCap.check(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the inline head is empty, though the cap of 8,000 holds the first 8,000 runes/) })
      expect(cutMarkerExact.check(history)).toMatchObject({ verdict: 'broken', witness: { bannerStart: '' } })
      expect(remediesFitShape.check(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^--compact and --interactive not offered/) })
      expect(remedyShrinksOutput.check(history)).toMatchObject({ verdict: 'unknown', reason: expect.stringMatching(/^the banner offers no remedy/) })
      expect(judgeHistory(history).verdict).toBe('broken')
    }
  })
})

describe('unknown: evidence missing from the History', () => {
  test('no answer to tool-output.run: every contract that needs one is unknown, none held', async () => {
    const history = without(await tool('oversized-snapshot-spilled', createReferenceToolOutput), (e) => e.type === 'ok')
    expect(verdicts(history)).toEqual({
      'size/inline-within-cap': 'unknown',
      'recovery/spill-roundtrip': 'unknown',
      'recovery/spill-fallback': 'not-applicable',
      'security/spill-confined': 'unknown',
      'size/remedy-shrinks-output': 'unknown',
      'size/cut-marker-exact': 'unknown',
      'size/remedies-fit-shape': 'unknown',
    })
  })
  test('the kit did not record the output, the sandbox scan, a remedy measure or the read-back', async () => {
    const history = await tool('oversized-snapshot-spilled', createReferenceToolOutput)
    const note = (what: string) => (e: HistoryEvent) => e.type === 'note' && e.what === what
    for (const contract of [inlineWithinCap, cutMarkerExact, remediesFitShape]) expect(contract.check(without(history, note('snapshot')))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no output') })
    expect(spillConfined.check(without(history, note('sandbox')))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('did not scan the sandbox') })
    expect(remedyShrinksOutput.check(without(history, note('remedy')))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('did not run the offered --compact') })
    expect(spillRoundtrip.check(without(history, note('recovery')))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('did not read the recovery command back') })
  })
  test('size/depth-is-nesting-only: no unlimited snapshot, or none one below or at the real depth', async () => {
    const history = (await recordInProcess('plat-200/depth-flat-500-siblings', { snapshotter: createBuiltInSnapshotter() })) as SnapshotterHistory
    const depthOf = (e: HistoryEvent) => (e.type === 'invoke' ? (e.value as { options: { depth?: number } }).options.depth : undefined)
    const answersAt = (depths: Array<number | undefined>) => (e: HistoryEvent) => e.type === 'ok' && depths.includes(depthOf(history.events[e.invoke]))
    expect(checkDepthIsNestingOnly(without(history, answersAt([undefined])))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no snapshot without a depth limit') })
    expect(checkDepthIsNestingOnly(without(history, answersAt([1])))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no snapshot at depth 1') })
    expect(checkDepthIsNestingOnly(without(history, answersAt([2, 3])))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no snapshot at or above the real depth 2') })
    expect(checkDepthIsNestingOnly(without(history, (e) => e.type === 'ok'))).toMatchObject({ verdict: 'unknown', reason: 'no snapshot was answered: nothing to compare' })
  })
  test('size/snapshot-as-documented: no unlimited snapshot, a request unanswered, or no page spec', async () => {
    const history = (await recordInProcess('plat-200/depth-flat-500-siblings', { snapshotter: createBuiltInSnapshotter() })) as SnapshotterHistory
    const optionsOf = (e: HistoryEvent) => (e.type === 'invoke' ? JSON.stringify((e.value as { options: object }).options) : undefined)
    const answersTo = (options: object) => (e: HistoryEvent) => (e.type === 'ok' || e.type === 'fail') && optionsOf(history.events[e.invoke]) === JSON.stringify(options)
    expect(checkSnapshotAsDocumented(history)).toMatchObject({ verdict: 'held', figures: { compared: 9, refused: ['-1', '1.5'] } })
    expect(checkSnapshotAsDocumented(without(history, answersTo({})))).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no snapshot without options') })
    expect(checkSnapshotAsDocumented(without(history, answersTo({ compact: true })))).toMatchObject({ verdict: 'unknown', reason: 'not answered: compact' })
    expect(checkSnapshotAsDocumented(without(history, answersTo({ depth: -1 })))).toMatchObject({ verdict: 'unknown', reason: 'not answered: depth -1' })
    expect(checkSnapshotAsDocumented({ ...history, given: {} })).toMatchObject({ verdict: 'unknown', reason: expect.stringContaining('no page spec') })
  })
})
