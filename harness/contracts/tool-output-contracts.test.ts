import { describe, expect, test } from 'vitest'
import { bundledScenarios, recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceToolOutput } from '#fixtures/systems/tool-output/reference.ts'
import { createPlat200ToolOutput } from '#fixtures/systems/tool-output/plat-200.ts'
import { toolOutputMutants } from '#fixtures/systems/tool-output/mutants/index.ts'
import { createBuiltInSnapshotter } from '#fixtures/systems/snapshotter/built-in.ts'
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

// The PLAT-200 contracts, both ways: each holds on the reference tool (and the built-in snapshotter) in every bundled
// scenario that runs without a browser, and breaks on the pre-fix tool, a hostile mutant, or a system made to break it.

const tool = (name: string, create: () => ToolOutputPort) => recordInProcess(`plat-200/${name}`, { 'tool-output': create() }) as Promise<ToolOutputHistory>
const snapshots = (name: string, create: () => SnapshotterPort) => recordInProcess(`plat-200/${name}`, { snapshotter: create() }) as Promise<SnapshotterHistory>
const heldEverywhere = (history: History) => judgeHistory(history).forEach((o) => expect(o, o.id).toMatchObject({ verdict: 'held' }))
const browserFree = bundledScenarios.filter((s) => s.id.startsWith('regressions/plat-200/') && !s.id.endsWith('-chromium'))

describe('tool-output/reference and snapshotter/built-in (integration)', () => {
  test.for(browserFree.filter((s) => s.scenario.port === 'tool-output').map((s) => s.id.split('/').pop()!))('the reference keeps every tool-output contract in %s', async (name) => {
    heldEverywhere(await tool(name, createReferenceToolOutput))
  })
  test.for(browserFree.filter((s) => s.scenario.port === 'snapshotter').map((s) => s.id.split('/').pop()!))('the built-in snapshotter keeps size/depth-is-nesting-only in %s', async (name) => {
    heldEverywhere(await snapshots(name, createBuiltInSnapshotter))
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
})

describe('hostile banners are refused with a finding that quotes them, and nothing outside the grant is read', () => {
  test.for(toolOutputMutants.filter((m) => m.breaks === 'recovery/spill-roundtrip'))('$name', async (mutant) => {
    const history = await tool('oversized-snapshot-spilled', mutant.create)
    const result = checkSpillRoundtrip(history)
    expect(result).toMatchObject({ verdict: 'broken', witness: { quoted: expect.any(String) } })
    const run = history.events.find((e) => e.type === 'ok' && e.f === 'tool-output.run') as { value: { recovery: string } }
    if (result.verdict === 'broken') expect(result.witness.quoted).toBe(run.value.recovery)
    expect(JSON.stringify(history)).not.toContain('decoy: outside the grant')
  })
  test('security/spill-confined: a tool that spills beside the folder, not in it', async () => {
    const mutant = toolOutputMutants.find((m) => m.breaks === 'security/spill-confined')!
    expect(checkSpillConfined(await tool('oversized-snapshot-spilled', mutant.create))).toMatchObject({ verdict: 'broken' })
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
  test('size/inline-within-cap: a tool that cuts by UTF-16 units inside a surrogate pair, and one over the cap', async () => {
    const cutsByUnits: ToolOutputPort = { run: async (request) => ({ ...(await reference.run(request)), inline: request.output.slice(0, request.cap.max) }) }
    const history = await tool('cap-in-utf8-bytes', () => cutsByUnits)
    expect(checkInlineWithinCap(history)).toMatchObject({ verdict: 'broken' })
  })
  test('size/depth-is-nesting-only: a snapshotter whose depth limit is off by one', async () => {
    const builtIn = createBuiltInSnapshotter()
    const offByOne: SnapshotterPort = { snapshot: (r) => builtIn.snapshot({ ...r, options: { ...r.options, ...(r.options.depth ? { depth: r.options.depth - 1 || 1 } : {}) } }) }
    expect(checkDepthIsNestingOnly(await snapshots('depth-flat-500-siblings', () => offByOne))).toMatchObject({ verdict: 'broken', witness: { realDepth: 2 } })
  })
})
