import { afterAll, describe, expect, test } from 'vitest'
import { bundledScenarios, recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceToolOutput } from '#fixtures/systems/tool-output/reference.ts'
import { createPlat200ToolOutput } from '#fixtures/systems/tool-output/plat-200.ts'
import { toolOutputMutants } from '#fixtures/systems/tool-output/mutants/index.ts'
import { createBuiltInSnapshotter } from '#fixtures/systems/snapshotter/built-in.ts'
import { createChromiumSnapshotter } from '#fixtures/systems/snapshotter/chromium.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { checkInlineWithinCap } from '#harness/contracts/inline-within-cap.ts'
import { checkSpillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { checkSpillFallback } from '#harness/contracts/spill-fallback.ts'
import { checkSpillConfined } from '#harness/contracts/spill-confined.ts'
import { checkRemedyShrinksOutput } from '#harness/contracts/remedy-shrinks-output.ts'
import { checkDepthIsNestingOnly } from '#harness/contracts/depth-is-nesting-only.ts'
import type { History, SnapshotterHistory, ToolOutputHistory } from '#harness/history/history.ts'
import type { ToolOutputPort } from '#harness/ports/tool-output-port.ts'
import type { SnapshotterPort } from '#harness/ports/snapshotter-port.ts'

// The PLAT-200 contracts, both ways: each holds, with its evidence, on the reference tool and on both snapshotters in
// every bundled scenario that exercises it (and is not-applicable, never held, where the scenario does not), and breaks
// on the pre-fix tool, a hostile mutant, or a system made to break it.

const tool = (name: string, create: () => ToolOutputPort) => recordInProcess(`plat-200/${name}`, { 'tool-output': create() }) as Promise<ToolOutputHistory>
const snapshots = (name: string, create: () => SnapshotterPort) => recordInProcess(`plat-200/${name}`, { snapshotter: create() }) as Promise<SnapshotterHistory>
const plat200 = bundledScenarios.filter((s) => s.id.startsWith('regressions/plat-200/'))
const names = (port: string) => plat200.filter((s) => s.scenario.port === port).map((s) => s.id.split('/').pop()!)
const chromium = createChromiumSnapshotter()
afterAll(async () => {
  await chromium.close()
  await closeKitSnapshotter()
})

/** Judges a History as every run does; asserts it held, each exercised contract held with its evidence, every other not-applicable. Returns the not-applicable ids. */
function heldWithEvidence(history: History): string[] {
  const judgement = judgeHistory(history)
  expect(judgement.verdict, judgement.reason).toBe('held')
  for (const c of judgement.contracts) {
    if (c.exercised) expect(c, c.id).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/\d/), figures: expect.any(Object) })
    else expect(c, c.id).toMatchObject({ verdict: 'not-applicable', reason: expect.any(String) })
  }
  return judgement.contracts.filter((c) => c.verdict === 'not-applicable').map((c) => c.id)
}

/** The (scenario, contract) cells that are not-applicable on the references: the spill policy decides which spill contract has nothing to judge. */
const notApplicableOnReference: Record<string, string[]> = {
  'cap-in-utf16-units': ['recovery/spill-fallback'],
  'cap-in-utf8-bytes': ['recovery/spill-fallback'],
  'deep-page-offers-depth': ['recovery/spill-fallback'],
  'oversized-snapshot-spilled': ['recovery/spill-fallback'],
  'oversized-snapshot-spilled-chromium': ['recovery/spill-fallback'],
  'fallback-failing-spiller': ['recovery/spill-roundtrip'],
  'fallback-no-spiller': ['recovery/spill-roundtrip'],
  'no-grant-declined': ['recovery/spill-roundtrip'],
  'depth-deep-page': [],
  'depth-flat-500-siblings': [],
}

describe('tool-output/reference and the snapshotters (integration)', () => {
  test('the table of not-applicable cells names every bundled PLAT-200 scenario', () => {
    expect(Object.keys(notApplicableOnReference).sort()).toEqual(plat200.map((s) => s.id.split('/').pop()!).sort())
  })
  test.for(names('tool-output'))('the reference holds every tool-output contract %s exercises, with its evidence', async (name) => {
    expect(heldWithEvidence(await tool(name, createReferenceToolOutput))).toEqual(notApplicableOnReference[name])
  })
  test.for(names('snapshotter'))('snapshotter/built-in holds size/depth-is-nesting-only in %s, with its evidence', async (name) => {
    expect(heldWithEvidence(await snapshots(name, createBuiltInSnapshotter))).toEqual([])
  })
  test.for(names('snapshotter'))('snapshotter/chromium holds size/depth-is-nesting-only in %s, with its evidence', { timeout: 60_000 }, async (name) => {
    expect(heldWithEvidence(await snapshots(name, () => chromium))).toEqual([])
  })
  test('the evidence on the 500-sibling page: what was measured, with thousands separators', async () => {
    const evidence = Object.fromEntries(judgeHistory(await tool('oversized-snapshot-spilled', createReferenceToolOutput)).contracts.map((c) => [c.id, c.verdict === 'held' ? c.evidence : c.verdict]))
    expect(evidence).toEqual({
      'size/inline-within-cap': "inline 8,000 runes within the cap of 8,000: a head of the output's 31,399 runes, cut on a character boundary",
      'recovery/spill-roundtrip': 'spilled the whole output (33,175 bytes, 1,501 lines) and read it back byte for byte in 7 chunks of at most 240 lines',
      'recovery/spill-fallback': 'not-applicable',
      'security/spill-confined': expect.stringMatching(/^the tool answered; nothing changed outside tool_output_folder: 4 paths compared before and after, the decoy among them; its spill snapshot-[0-9a-f]{16}\.txt lies inside the grant$/),
      'size/remedy-shrinks-output': "2 remedies offered, each run by the kit and smaller than the output's 31,399 runes: --compact gives 20,391, --interactive 10,999",
    })
    const depth = judgeHistory(await snapshots('depth-flat-500-siblings', createBuiltInSnapshotter)).contracts[0]
    expect(depth).toMatchObject({ verdict: 'held', evidence: 'depth 2 and 3 (at or above the real depth 2) byte-identical to unlimited (33,175 bytes); depth 1 smaller (6,507 bytes)', figures: { realDepth: 2, unlimitedBytes: 33175, belowBytes: 6507 } })
  })
  test('the six PLAT-200 contracts are registered', () => {
    for (const id of ['size/inline-within-cap', 'recovery/spill-roundtrip', 'recovery/spill-fallback', 'security/spill-confined', 'size/remedy-shrinks-output', 'size/depth-is-nesting-only']) expect(contractsById.has(id), id).toBe(true)
  })
})

describe('the pre-fix tool (tool-output/plat-200)', () => {
  test('recovery/spill-roundtrip: the excess is discarded, no recovery command', async () => {
    expect(checkSpillRoundtrip(await tool('oversized-snapshot-spilled', createPlat200ToolOutput))).toMatchObject({ verdict: 'broken', witness: { spillPath: null } })
  })
  test('size/remedy-shrinks-output: --depth 2 on the wide flat page shrinks nothing', async () => {
    const result = checkRemedyShrinksOutput(await tool('oversized-snapshot-spilled', createPlat200ToolOutput))
    expect(result).toMatchObject({ verdict: 'broken', witness: { remedy: { option: 'depth', value: 2 } } })
    if (result.verdict === 'broken') expect(result.witness.size).toBe(result.witness.outputSize)
  })
  test('without its known-failing list the run is broken; what it does keep still holds, with evidence', async () => {
    const judgement = judgeHistory(await tool('fallback-no-spiller', createPlat200ToolOutput), [])
    expect(judgement.verdict).toBe('broken')
    expect(Object.fromEntries(judgement.contracts.map((c) => [c.id, c.verdict]))).toEqual({
      'size/inline-within-cap': 'held',
      'recovery/spill-roundtrip': 'not-applicable',
      'recovery/spill-fallback': 'held',
      'security/spill-confined': 'held',
      'size/remedy-shrinks-output': 'broken',
    })
  })
})

describe('hostile banners are refused with a finding that quotes them, and nothing outside the grant is read', () => {
  test.for(toolOutputMutants.filter((m) => m.breaks === 'recovery/spill-roundtrip'))('$name', async (mutant) => {
    const history = await tool('oversized-snapshot-spilled', mutant.create)
    const result = checkSpillRoundtrip(history)
    expect(result).toMatchObject({ verdict: 'broken', witness: { quoted: expect.any(String) } })
    const run = history.events.find((e) => e.type === 'ok' && e.f === 'tool-output.run') as { value: { recovery: string } }
    if (result.verdict === 'broken') expect(result.witness.quoted).toBe(run.value.recovery)
    expect(JSON.stringify(history)).not.toContain('decoy: outside the grant')
    expect(judgeHistory(history, []).verdict).toBe('broken')
  })
  test('security/spill-confined: a tool that spills beside the folder, not in it', async () => {
    const mutant = toolOutputMutants.find((m) => m.breaks === 'security/spill-confined')!
    const history = await tool('oversized-snapshot-spilled', mutant.create)
    expect(checkSpillConfined(history)).toMatchObject({ verdict: 'broken', witness: { changedOutside: [expect.stringMatching(/^snapshot-/)] } })
    expect(judgeHistory(history, []).verdict).toBe('broken')
  })
})

describe('contracts broken by systems made to break them', () => {
  const reference = createReferenceToolOutput()
  test('recovery/spill-fallback: a tool whose failing spill reaches the caller', async () => {
    const throwsOnFailedSpill: ToolOutputPort = {
      run: async (request) => {
        if (request.spill.policy === 'failing') throw new Error('EEXIST: spill failed')
        return reference.run(request)
      },
    }
    expect(checkSpillFallback(await tool('fallback-failing-spiller', () => throwsOnFailedSpill))).toMatchObject({ verdict: 'broken', witness: { spill: 'failing' } })
  })
  test('recovery/spill-fallback: a tool that names a spill it was not granted', async () => {
    const namesASpill: ToolOutputPort = { run: async (request) => ({ ...(await reference.run(request)), recovery: "sed -n '1,240p' /nowhere/snapshot.txt" }) }
    expect(checkSpillFallback(await tool('no-grant-declined', () => namesASpill))).toMatchObject({ verdict: 'broken', witness: { spill: 'no-grant', recovery: expect.any(String) } })
  })
  test('size/inline-within-cap: a tool that cuts by UTF-16 units inside a surrogate pair, and one over the cap', async () => {
    const cutsByUnits: ToolOutputPort = { run: async (request) => ({ ...(await reference.run(request)), inline: request.output.slice(0, request.cap.max) }) }
    expect(checkInlineWithinCap(await tool('cap-in-utf8-bytes', () => cutsByUnits))).toMatchObject({ verdict: 'broken', witness: { unit: 'utf8-bytes' } })
    const overTheCap: ToolOutputPort = { run: async (request) => ({ ...(await reference.run(request)), inline: [...request.output].slice(0, request.cap.max + 10).join('') }) }
    expect(checkInlineWithinCap(await tool('oversized-snapshot-spilled', () => overTheCap))).toMatchObject({ verdict: 'broken', witness: { size: 8010, max: 8000 } })
  })
  test('size/depth-is-nesting-only: a snapshotter whose depth limit is off by one, and one that answers empty texts', async () => {
    const builtIn = createBuiltInSnapshotter()
    const offByOne: SnapshotterPort = { snapshot: (r) => builtIn.snapshot({ ...r, options: { ...r.options, ...(r.options.depth ? { depth: r.options.depth - 1 || 1 } : {}) } }) }
    expect(checkDepthIsNestingOnly(await snapshots('depth-flat-500-siblings', () => offByOne))).toMatchObject({ verdict: 'broken', witness: { realDepth: 2 } })
    const empty: SnapshotterPort = { snapshot: async () => ({ text: '', snapshotter: 'empty' }) }
    expect(checkDepthIsNestingOnly(await snapshots('depth-deep-page', () => empty))).toMatchObject({ verdict: 'broken', witness: { depth: 15, bytes: 0, unlimitedBytes: 0 } })
  })
})
