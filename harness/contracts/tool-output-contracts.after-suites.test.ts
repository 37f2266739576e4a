import { afterAll, describe, expect, test } from 'vitest'
import { bundledScenarios, recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { onceEach } from '#harness/__test-helpers__/once-each.ts'
import { suiteHistory, suitesRan, type HistorySource } from '#harness/__test-helpers__/suite-history.ts'
import { createReferenceToolOutput } from '#fixtures/systems/tool-output/reference.ts'
import { createPlat200ToolOutput } from '#fixtures/systems/tool-output/plat-200.ts'
import { createBuiltInSnapshotter } from '#harness/snapshot/built-in.ts'
import { createChromiumSnapshotter } from '#harness/snapshot/chromium.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { checkSpillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { checkRemedyShrinksOutput } from '#harness/contracts/remedy-shrinks-output.ts'
import { checkRemediesFitShape } from '#harness/contracts/remedies-fit-shape.ts'
import { checkDepthIsNestingOnly } from '#harness/contracts/depth-is-nesting-only.ts'
import { checkSnapshotAsDocumented } from '#harness/contracts/snapshot-as-documented.ts'
import type { History, SnapshotterHistory, ToolOutputHistory } from '#harness/history/history.ts'
import type { ToolOutputPort } from '#harness/ports/tool-output-port.ts'
import type { SnapshotterPort } from '#harness/ports/snapshotter-port.ts'

// The PLAT-200 contracts, both ways (on the Histories the tool-output and snapshotter suites wrote in the same `npm
// test`, judged in process; run alone, the file records them itself, in process): each holds, with its evidence, on the reference tool and on both snapshotters in
// every bundled scenario that exercises it (and is not-applicable, never held, where the scenario does not), and breaks
// on the pre-fix tool and on the empty snapshotter; tool-output/mutants-break-their-owner.test.ts breaks each on the
// mutants made for its rules.

const tool = (name: string, create: () => ToolOutputPort) => recordInProcess(name, { 'tool-output': create() }) as Promise<ToolOutputHistory>
const snapshots = (name: string, create: () => SnapshotterPort) => recordInProcess(name, { snapshotter: create() }) as Promise<SnapshotterHistory>
/** The bundled scenarios of the two PLAT-200 ports (regressions/plat-200/, tool-output/, snapshotter/), by the last part of their id. */
const plat200 = bundledScenarios.filter((s) => s.scenario.port === 'tool-output' || s.scenario.port === 'snapshotter')
const names = (port: string) => plat200.filter((s) => s.scenario.port === port).map((s) => s.id.split('/').pop()!)
/** The Chromium snapshotter, launched only when a History is recorded here (the suite's runs need none). */
let browser: ReturnType<typeof createChromiumSnapshotter> | undefined
const chromium = () => (browser ??= createChromiumSnapshotter())
afterAll(async () => {
  await browser?.close()
  await closeKitSnapshotter()
})

/** Where each History read from a suite came from, by the suite's adapter name. */
const sources = new Map<string, HistorySource[]>()
/**
 * A bundled system's History of a bundled scenario (by the last part of its id): the one its suite wrote in the same
 * `npm test` (this file runs after the suites), else recorded here in process, once for this file.
 */
function fromSuite<H extends History>(adapter: string, record: (name: string) => Promise<H>): (name: string) => Promise<H> {
  return onceEach(async (name) => {
    const id = plat200.find((s) => s.id.endsWith(`/${name}`))!.id
    const { history, source } = await suiteHistory(adapter, id, () => record(name))
    sources.set(adapter, [...(sources.get(adapter) ?? []), source])
    return history
  })
}
const reference = fromSuite('tool-output/reference', (name) => tool(name, createReferenceToolOutput))
const preFix = fromSuite('tool-output/plat-200', (name) => tool(name, createPlat200ToolOutput))
const builtIn = fromSuite('snapshotter/built-in', (name) => snapshots(name, createBuiltInSnapshotter))
const inChromium = fromSuite('snapshotter/chromium', (name) => snapshots(name, chromium))

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

/** The (scenario, contract) cells that are not-applicable on the references: the spill policy decides which spill contract has nothing to judge, and an output at its cap has no cut to judge. */
const notApplicableOnReference: Record<string, string[]> = {
  'cap-in-runes': ['recovery/spill-fallback'],
  'cap-in-utf16-units': ['recovery/spill-fallback'],
  'cap-in-utf8-bytes': ['recovery/spill-fallback'],
  'deep-page-offers-depth': ['recovery/spill-fallback'],
  'five-thousand-siblings-spilled': ['recovery/spill-fallback'],
  'head-five-levels-deep': ['recovery/spill-fallback'],
  'oversized-snapshot-spilled': ['recovery/spill-fallback'],
  'oversized-snapshot-spilled-chromium': ['recovery/spill-fallback'],
  'fallback-failing-spiller': ['recovery/spill-roundtrip'],
  'fallback-no-spiller': ['recovery/spill-roundtrip'],
  'no-grant-declined': ['recovery/spill-roundtrip'],
  'output-at-cap': ['recovery/spill-roundtrip', 'recovery/spill-fallback', 'size/remedy-shrinks-output', 'size/cut-marker-exact', 'size/remedies-fit-shape'],
  'head-cousins-not-siblings': ['recovery/spill-roundtrip'],
  'head-half-one-list': ['recovery/spill-roundtrip'],
  'head-without-item-line': ['recovery/spill-roundtrip', 'size/remedy-shrinks-output'],
  'lone-high-surrogate-before-ascii': ['recovery/spill-roundtrip'],
  'lone-high-surrogate-before-fullwidth': ['recovery/spill-roundtrip'],
  'lone-low-surrogate-after-ascii': ['recovery/spill-roundtrip'],
  'lone-low-surrogate-after-fullwidth': ['recovery/spill-roundtrip'],
  'taken-names-quoted-folder': ['recovery/spill-fallback'],
  'taken-names-dangling': ['recovery/spill-fallback'],
  'combining-mark-at-cut': ['recovery/spill-roundtrip'],
  'lone-surrogate-utf8-bytes': ['recovery/spill-roundtrip'],
  'folder-with-quote': ['recovery/spill-fallback'],
  'folder-with-ampersand': ['recovery/spill-fallback'],
  'trailing-newline-spilled': ['recovery/spill-fallback'],
  'line-separator-spilled': ['recovery/spill-fallback'],
  'pair-across-64k-units-spilled': ['recovery/spill-fallback'],
  'decomposed-accent-spilled': ['recovery/spill-fallback'],
  'url-line-decides-deep': ['recovery/spill-roundtrip'],
  'spilled-twice': ['recovery/spill-fallback'],
  'trailer-line-with-dash': ['recovery/spill-roundtrip'],
  'depth-deep-page': [],
  'depth-of-another-type': [],
  'depth-flat-500-siblings': [],
  'long-names': [],
  'five-thousand-siblings': [],
}

describe('tool-output/reference and the snapshotters (integration)', () => {
  test('the table of not-applicable cells names every bundled scenario of the two ports', () => {
    expect(Object.keys(notApplicableOnReference).sort()).toEqual(plat200.map((s) => s.id.split('/').pop()!).sort())
  })
  test.for(names('tool-output'))('the reference holds every tool-output contract %s exercises, with its evidence', async (name) => {
    expect(heldWithEvidence(await reference(name))).toEqual(notApplicableOnReference[name])
  })
  test.for(names('snapshotter'))('snapshotter/built-in holds both snapshotter contracts in %s, with their evidence', async (name) => {
    expect(heldWithEvidence(await builtIn(name))).toEqual([])
  })
  test.for(names('snapshotter'))('snapshotter/chromium holds both snapshotter contracts in %s, with their evidence', { timeout: 60_000 }, async (name) => {
    expect(heldWithEvidence(await inChromium(name))).toEqual([])
  })
  test('the evidence on the 500-sibling page: what was measured, with thousands separators', async () => {
    const evidence = Object.fromEntries(judgeHistory(await reference('oversized-snapshot-spilled')).contracts.map((c) => [c.id, c.verdict === 'held' ? c.evidence : c.verdict]))
    expect(evidence).toEqual({
      'size/inline-within-cap': "inline 8,000 runes within the cap of 8,000: the longest head of the output's 31,399 runes that splits no character",
      'recovery/spill-roundtrip': "spilled the whole output (33,175 bytes, 1,501 lines); the banner's recovery command read it back byte for byte in 7 chunks of at most 240 lines",
      'recovery/spill-fallback': 'not-applicable',
      'security/spill-confined': expect.stringMatching(/^the tool answered; nothing changed outside tool_output_folder: 4 paths compared before and after, the decoy among them; its spill snapshot-[0-9a-f]{16}\.txt lies inside the grant$/),
      'size/remedy-shrinks-output': "2 remedies offered, each run by the kit and smaller than the output's 31,399 runes: --compact gives 20,391, --interactive 10,999",
      'size/cut-marker-exact': "the banner states the cut exactly: [output cut: showing the first 8000 of 31399 runes; 23399 runes not shown] — the head measures 8,000 runes of the output's 31,399",
      'size/remedies-fit-shape': 'the head is wide or shallow (deepest level 4, its widest sibling group 129 of 387 item lines): --compact and --interactive offered, --depth rightly not',
    })
    const deep = judgeHistory(await reference('deep-page-offers-depth')).contracts.find((c) => c.id === 'size/remedies-fit-shape')
    expect(deep).toMatchObject({ verdict: 'held', evidence: 'the head is deeply nested (deepest level 26, its widest sibling group 3 of 54 item lines): --depth 13, --compact and --interactive offered' })
    const [depth, documented] = judgeHistory(await builtIn('depth-flat-500-siblings')).contracts
    expect(depth).toMatchObject({ verdict: 'held', evidence: 'depth 2 and 3 (at or above the real depth 2) byte-identical to unlimited (33,175 bytes); depth 1 smaller (6,507 bytes)', figures: { realDepth: 2, unlimitedBytes: 33175, belowBytes: 6507 } })
    expect(documented).toMatchObject({
      id: 'size/snapshot-as-documented',
      verdict: 'held',
      evidence: '9 snapshots byte-identical to the documented aria-snapshot YAML (unlimited, depth 1 to 3, depth 0, compact, interactive, compact + interactive, depth 1 + compact), the largest 33,175 bytes; depth -1 and 1.5 refused with an error',
    })
  })
  test('the nine PLAT-200 contracts are registered', () => {
    const ids = ['size/inline-within-cap', 'recovery/spill-roundtrip', 'recovery/spill-fallback', 'security/spill-confined', 'size/remedy-shrinks-output', 'size/cut-marker-exact', 'size/remedies-fit-shape', 'size/depth-is-nesting-only', 'size/snapshot-as-documented']
    for (const id of ids) expect(contractsById.has(id), id).toBe(true)
  })
})

describe('the pre-fix tool (tool-output/plat-200)', () => {
  test('recovery/spill-roundtrip: the excess is discarded, no recovery command', async () => {
    expect(checkSpillRoundtrip(await preFix('oversized-snapshot-spilled'))).toMatchObject({ verdict: 'broken', witness: { spillPath: null } })
  })
  test('size/remedy-shrinks-output: --depth 2 on the wide flat page shrinks nothing', async () => {
    const result = checkRemedyShrinksOutput(await preFix('oversized-snapshot-spilled'))
    expect(result).toMatchObject({ verdict: 'broken', witness: { remedy: { option: 'depth', value: 2 } } })
    if (result.verdict === 'broken') expect(result.witness.size).toBe(result.witness.outputSize)
  })
  test('size/remedies-fit-shape: --depth offered on the wide flat head; on the deep page, no --interactive', async () => {
    expect(checkRemediesFitShape(await preFix('oversized-snapshot-spilled'))).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the head is wide or shallow .*, yet --depth 2 is offered/) })
    expect(checkRemediesFitShape(await preFix('deep-page-offers-depth'))).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^--interactive not offered/) })
  })
  test('without its known-failing list the run is broken; what it does keep still holds, with evidence', async () => {
    const judgement = judgeHistory(await preFix('fallback-no-spiller'), [])
    expect(judgement.verdict).toBe('broken')
    expect(Object.fromEntries(judgement.contracts.map((c) => [c.id, c.verdict]))).toEqual({
      'size/inline-within-cap': 'held',
      'recovery/spill-roundtrip': 'not-applicable',
      // it falls back without failing, but its banner never says the rest was not kept
      'recovery/spill-fallback': 'broken',
      'security/spill-confined': 'held',
      'size/remedy-shrinks-output': 'broken',
      'size/cut-marker-exact': 'held',
      'size/remedies-fit-shape': 'broken',
    })
  })
})

describe('a snapshotter that answers empty texts', () => {
  test('breaks both snapshotter contracts: the text is not the page, and depth one below is no smaller', async () => {
    const empty: SnapshotterPort = { snapshot: async () => ({ text: '', snapshotter: 'empty' }) }
    const history = await snapshots('depth-deep-page', () => empty)
    expect(checkDepthIsNestingOnly(history)).toMatchObject({ verdict: 'broken', witness: { depth: 15, bytes: 0, unlimitedBytes: 0 } })
    expect(checkSnapshotAsDocumented(history)).toMatchObject({ verdict: 'broken', witness: { options: {}, bytes: 0, expectedBytes: 1037, line: 1 } })
  })
})

describe('a snapshotter that writes a BOM before its text', () => {
  // issue 24: "first different at line 1", and two lines that look alike, hid it; the byte and the escape show it
  test('size/snapshot-as-documented names byte 0 and shows \\u{FEFF} on the side that has it', async () => {
    const withBom = (): SnapshotterPort => {
      const built = createBuiltInSnapshotter()
      return { snapshot: async (request) => { const answer = await built.snapshot(request); return { ...answer, text: `\uFEFF${answer.text}` } } }
    }
    const result = checkSnapshotAsDocumented(await snapshots('depth-deep-page', withBom))
    expect(result).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/first different at line 1 \(byte 0, column 1\): "- list:.*" is due, the snapshot has "\\u\{FEFF\}- list:/), witness: { byte: 0, line: 1, column: 1 } })
  })
})

// Where the suites ran, every History read from them above is theirs: a missing one would otherwise be recorded again
// here in silence, and the time saved lost without a failing test.
test('where the tool-output and snapshotter suites ran, every History read from them is the one they wrote', () => {
  expect([...sources.keys()].sort()).toEqual(['snapshotter/built-in', 'snapshotter/chromium', 'tool-output/plat-200', 'tool-output/reference'])
  for (const [adapter, from] of sources) if (suitesRan(adapter)) expect(from.filter((s) => s === 'recorded'), `${adapter}: Histories recorded again though its suite ran`).toEqual([])
})
