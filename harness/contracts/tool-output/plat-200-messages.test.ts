import { afterAll, describe, expect, test } from 'vitest'
import { readFileSync, writeFileSync } from 'node:fs'
import { recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { createReferenceToolOutput } from '#fixtures/systems/tool-output/reference.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { inlineWithinCap } from '#harness/contracts/inline-within-cap.ts'
import { spillRoundtrip } from '#harness/contracts/spill-roundtrip.ts'
import { spillFallback } from '#harness/contracts/spill-fallback.ts'
import { spillConfined } from '#harness/contracts/spill-confined.ts'
import { remedyShrinksOutput } from '#harness/contracts/remedy-shrinks-output.ts'
import { cutMarkerExact } from '#harness/contracts/cut-marker-exact.ts'
import { remediesFitShape } from '#harness/contracts/remedies-fit-shape.ts'
import type { HistoryEvent, ToolOutputHistory } from '#harness/history/history.ts'
import type { Remedy, ToolOutputPort, ToolOutputRequest, ToolOutputResult } from '#harness/ports/tool-output-port.ts'
import type { SnapshotterPort } from '#harness/ports/snapshotter-port.ts'
import { createBuiltInSnapshotter } from '#harness/snapshot/built-in.ts'
import { checkDepthIsNestingOnly } from '#harness/contracts/depth-is-nesting-only.ts'
import { checkSnapshotAsDocumented } from '#harness/contracts/snapshot-as-documented.ts'
import type { SnapshotterHistory } from '#harness/history/history.ts'

// issue 24: a message that names the difference — the first different byte, line and column, both sides shown with
// every invisible character escaped — where the tool-output contracts compare texts: the spill read back, the inline
// head, the cut marker, the paths. Each History is recorded in process against the reference with one change, and only
// the contract that change breaks differs from the reference's verdicts: the words change, the verdicts do not.

const contracts = [inlineWithinCap, spillRoundtrip, spillFallback, spillConfined, remedyShrinksOutput, cutMarkerExact, remediesFitShape]
const verdicts = (history: ToolOutputHistory) => Object.fromEntries(contracts.map((c) => [c.id, c.check(history).verdict]))
/** The reference, with each answer passed through `change` (which may touch the spill it wrote). */
const changed = (change: (result: ToolOutputResult, request: ToolOutputRequest) => ToolOutputResult) => (): ToolOutputPort => {
  const reference = createReferenceToolOutput()
  return { run: async (request) => change(await reference.run(request), request) }
}
const record = (name: string, create: () => ToolOutputPort) => recordInProcess(`plat-200/${name}`, { 'tool-output': create() }) as Promise<ToolOutputHistory>
afterAll(() => closeKitSnapshotter())

describe('recovery/spill-roundtrip: a spill read back that is not the output', () => {
  const withBom = changed((result) => {
    if (result.spillPath) writeFileSync(result.spillPath, `\uFEFF${readFileSync(result.spillPath, 'utf8')}`)
    return result
  })
  test('a BOM at byte 0 of the spilled file: byte 0, line 1, column 1, and "\\u{FEFF}" on the side read back', async () => {
    const reference = await record('oversized-snapshot-spilled', createReferenceToolOutput)
    const history = await record('oversized-snapshot-spilled', withBom)
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'recovery/spill-roundtrip': 'broken' })
    const result = spillRoundtrip.check(history)
    expect(result).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^reading the recovery command back gives 33178 bytes where the output's 33175 are due, first different at line 1 \(byte 0, column 1\): "- list:\\n  - listitem:.*" is due, what was read back has "\\u\{FEFF\}- list:\\n/),
      witness: { bytes: 33178, expectedBytes: 33175, byte: 0, line: 1, column: 1, got: expect.stringMatching(/^\\u\{FEFF\}- list:/) },
    })
  })
  test('the History keeps what was read back only where it is not the output; one that kept nothing gets the words it had', async () => {
    const recoveryNote = (history: ToolOutputHistory) => history.events.find((e) => e.type === 'note' && e.what === 'recovery') as Extract<HistoryEvent, { type: 'note' }>
    expect(recoveryNote(await record('oversized-snapshot-spilled', createReferenceToolOutput)).value).not.toHaveProperty('text')
    const history = await record('oversized-snapshot-spilled', withBom)
    const note = recoveryNote(history)
    expect((note.value as { text: string }).text.startsWith('\uFEFF- list:')).toBe(true)
    const { text: _, ...older } = note.value as Record<string, unknown>
    const olderHistory = { ...history, events: history.events.map((e) => (e === note ? { ...note, value: older } : e)) }
    expect(spillRoundtrip.check(olderHistory)).toEqual({ verdict: 'broken', message: 'reading the recovery command back gives 33178 bytes that are not the whole output', witness: { bytes: 33178, chunks: 7 } })
  })
})

describe('size/inline-within-cap: an inline text that is no head of the output', () => {
  test('a BOM before the head: byte 0, both sides shown', async () => {
    const withBom = changed((result) => ({ ...result, inline: `\uFEFF${result.inline.slice(0, -1)}` }))
    const reference = await record('oversized-snapshot-spilled', createReferenceToolOutput)
    const history = await record('oversized-snapshot-spilled', withBom)
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'size/inline-within-cap': 'broken' })
    expect(inlineWithinCap.check(history)).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^the inline text is not a head of the output cut on a character boundary: first different at line 1 \(byte 0, column 1\): "- list:\\n.*" is due, the inline text has "\\u\{FEFF\}- list:\\n/),
      witness: { firstDifferentRune: 0, byte: 0, line: 1, column: 1 },
    })
  })
  test('a zero-width space deep in the head: the line, byte and column there, not the start', async () => {
    const history = await record('oversized-snapshot-spilled', changed((result) => ({ ...result, inline: `${result.inline.slice(0, 100)}\u200B${result.inline.slice(100, -1)}` })))
    const result = inlineWithinCap.check(history)
    // the UTF-8 byte counts the head's non-ASCII characters before it: 2 bytes more than its 100 characters
    expect(result).toMatchObject({ verdict: 'broken', witness: { byte: 102, firstDifferentRune: 100 } })
    expect(result.verdict === 'broken' && result.message).toMatch(/first different at line \d+ \(byte 102, column \d+\): ".*" is due, the inline text has ".*\\u\{200B\}/)
  })
})

describe('size/cut-marker-exact: a banner that does not begin with the marker', () => {
  test('a no-break space for a space: where the line leaves the form, escaped, and the marker due', async () => {
    const history = await record('oversized-snapshot-spilled', changed((result) => ({ ...result, banner: result.banner.replace('showing the first', 'showing\u00A0the first') })))
    const reference = await record('oversized-snapshot-spilled', createReferenceToolOutput)
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'size/cut-marker-exact': 'broken' })
    expect(cutMarkerExact.check(history)).toMatchObject({
      verdict: 'broken',
      message:
        'the banner of the cut output does not begin with [output cut: showing the first S of T <unit>; T−S <unit> not shown]: its first line leaves that form at byte 20 (column 21), at "cut: showing\\u{00A0}the first 8000 of 31399 runes; 23399 runes not "; the marker due is "[output cut: showing the first 8,000 of 31,399 runes; 23,399 runes not shown]"',
      witness: { byte: 20, column: 21, bannerStart: expect.stringMatching(/^\[output cut: showing\\u\{00A0\}the first/) },
    })
  })
  test('a BOM or a space before the marker: the banner does not begin with it (byte 0)', async () => {
    for (const before of ['\uFEFF', ' ', '\n']) {
      const history = await record('oversized-snapshot-spilled', changed((result) => ({ ...result, banner: before + result.banner })))
      expect(cutMarkerExact.check(history), JSON.stringify(before)).toMatchObject({ verdict: 'broken', message: expect.stringContaining('its first line leaves that form at byte 0 (column 1)'), witness: { byte: 0 } })
    }
  })
  test('a line that ends inside the form, or is no marker at all', async () => {
    const cut = await record('oversized-snapshot-spilled', changed((result) => ({ ...result, banner: '[output cut: showing the first 8,000' })))
    expect(cutMarkerExact.check(cut)).toMatchObject({ verdict: 'broken', message: expect.stringContaining('its first line leaves that form at byte 36 (column 37), at its end;'), witness: { byte: 36 } })
    const other = await record('oversized-snapshot-spilled', changed((result) => ({ ...result, banner: 'Output truncated.' })))
    expect(cutMarkerExact.check(other)).toMatchObject({ verdict: 'broken', message: expect.stringContaining('at byte 0 (column 1), at "Output truncated.";') })
  })
})

describe('paths and values quoted with what cannot be seen escaped', () => {
  test('security/spill-confined: a spill path that only looks inside the grant shows the zero-width space that puts it outside', async () => {
    const history = await record('oversized-snapshot-spilled', changed((result, request) => ({ ...result, spillPath: `${(request.spill as { folder: string }).folder}\u200B/snapshot.txt` })))
    expect(spillConfined.check(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/^the spill path ".*\\u\{200B\}\/snapshot\.txt" is not inside the granted folder "/) })
  })
  test('recovery/spill-fallback: the spill still named, quoted', async () => {
    const history = await record('fallback-no-spiller', changed((result) => ({ ...result, spillPath: 'snapshot\u2060.txt' })))
    expect(spillFallback.check(history)).toMatchObject({ verdict: 'broken', message: 'with spill policy none, the tool still names a spill ("snapshot\\u{2060}.txt")' })
  })
  test('size/remedies-fit-shape: an option that is not one, with its bidi control escaped as JSON does', async () => {
    const history = await record('oversized-snapshot-spilled', changed((result) => ({ ...result, remedies: [{ option: '\u202Edepth' } as unknown as Remedy] })))
    expect(remediesFitShape.check(history)).toMatchObject({ verdict: 'broken', message: expect.stringMatching(/: its option is "\\u202Edepth", not depth, compact or interactive$/) })
  })
})

describe('recovery/spill-fallback: a banner that says "not kept" yet claims a save', () => {
  test.for([
    ['a path', ' A copy of the whole output was written to /tmp/tool-output/snapshot.txt.', 'written to /tmp/tool-output/snapshot.txt.'],
    ['a read-back command', "\nRead it back: sed -n '1,240p' /tmp/snapshot.txt", "sed -n '1,240p' /tmp/snapshot.txt"],
  ] as const)('%s: only recovery/spill-fallback breaks, quoting the claim', async ([, extra, claim]) => {
    const reference = await record('fallback-no-spiller', createReferenceToolOutput)
    const history = await record('fallback-no-spiller', changed((result) => ({ ...result, banner: `${result.banner}${extra}` })))
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'recovery/spill-fallback': 'broken' })
    expect(spillFallback.check(history)).toMatchObject({ message: `with spill policy none nothing was kept, and the banner says "The rest of the output was not kept", yet it also claims a save: ${JSON.stringify(claim)}`, witness: { claim } })
  })
  test('"nothing was saved" beside the words claims nothing: held', async () => {
    const history = await record('fallback-no-spiller', changed((result) => ({ ...result, banner: `${result.banner} Nothing was saved.` })))
    expect(spillFallback.check(history).verdict).toBe('held')
  })
})

describe('security/spill-confined: a copy of the output under HOME, TMPDIR or an XDG folder (over stdio, where the kit watches them)', () => {
  /** The History with the sandbox note's watched folders and writes as a tool process of its own would have them. */
  const watching = (history: ToolOutputHistory, watchedWrites: unknown[]) => ({
    ...history,
    events: history.events.map((e) => (e.type === 'note' && e.what === 'sandbox' ? { ...e, value: { ...(e.value as object), watched: ['HOME', 'TMPDIR', 'XDG_CACHE_HOME'], watchedWrites } } : e)),
  })
  test('a copy breaks it, naming the variable and the path', async () => {
    const history = watching(await record('fallback-no-spiller', createReferenceToolOutput), [{ where: 'TMPDIR', path: 'tool/last-output.txt', copy: true }])
    expect(spillConfined.check(history)).toEqual({
      verdict: 'broken',
      message: 'the tool wrote a copy of its output outside the grant, in 1 file under HOME, TMPDIR or an XDG folder: "TMPDIR/tool/last-output.txt"',
      witness: { watchedCopies: ['TMPDIR/tool/last-output.txt'] },
    })
  })
  test('a file written there that holds no piece of the output (a compile cache) is no copy: the evidence is the same as in process', async () => {
    const reference = await record('oversized-snapshot-spilled', createReferenceToolOutput)
    const history = watching(reference, [{ where: 'TMPDIR', path: 'tsx-0/cache.json', copy: false }])
    expect(spillConfined.check(history)).toEqual(spillConfined.check(reference))
  })
})

describe('size/remedies-fit-shape: a depth remedy whose value is of another JSON type is judged, never run', () => {
  const depthAs = (value: unknown) => changed((result) => ({ ...result, remedies: result.remedies.map((r) => (r.option === 'depth' ? ({ option: 'depth', value } as unknown as Remedy) : r)) }))
  test.for([
    ['a string', '13', '"13"'],
    ['an object', { n: 13 }, '{"n":13}'],
    ['a list', [13], '[13]'],
    ['a fraction', 6.5, '6.5'],
  ] as const)('%s: only size/remedies-fit-shape breaks; the kit runs --compact and --interactive alone', async ([, value, shown]) => {
    const reference = await record('deep-page-offers-depth', createReferenceToolOutput)
    const history = await record('deep-page-offers-depth', depthAs(value))
    expect(verdicts(history)).toEqual({ ...verdicts(reference), 'size/remedies-fit-shape': 'broken' })
    expect(remediesFitShape.check(history)).toMatchObject({ message: `remedy 1 is not of a documented shape ({ option: 'depth', value: N }, { option: 'compact' } or { option: 'interactive' }): the depth remedy's value is ${shown}, not a positive integer` })
    const ran = history.events.flatMap((e) => (e.type === 'note' && e.what === 'remedy' ? [(e.value as { remedy: Remedy }).remedy.option] : []))
    expect(ran).toEqual(['compact', 'interactive'])
    expect(remedyShrinksOutput.check(history)).toMatchObject({ verdict: 'held', evidence: expect.stringMatching(/; 1 off-shape remedy not run \(size\/remedies-fit-shape judges it\)$/) })
  })
  test('no remedy of a documented shape: size/remedy-shrinks-output has nothing to run (unknown), never a crash', async () => {
    const history = await record('deep-page-offers-depth', changed((result) => ({ ...result, remedies: [{ option: 'depth', value: '13' } as unknown as Remedy] })))
    expect(remediesFitShape.check(history).verdict).toBe('broken')
    expect(remedyShrinksOutput.check(history)).toEqual({ verdict: 'unknown', reason: 'no remedy offered is of a documented shape: nothing the kit may run; 1 off-shape remedy not run (size/remedies-fit-shape judges it)' })
  })
})

describe('size/depth-is-nesting-only: a limited snapshot that is not the unlimited one', () => {
  test('of the same size — two spaces for a no-break space — it says where they differ, not only two equal sizes', async () => {
    const nbsp = (): SnapshotterPort => {
      const built = createBuiltInSnapshotter()
      return {
        snapshot: async (request) => {
          const answer = await built.snapshot(request)
          return request.options.depth === 3 ? { ...answer, text: answer.text.replace('  - listitem', '\u00A0- listitem') } : answer
        },
      }
    }
    const history = (await recordInProcess('plat-200/depth-flat-500-siblings', { snapshotter: nbsp() })) as SnapshotterHistory
    expect(checkDepthIsNestingOnly(history)).toMatchObject({
      verdict: 'broken',
      message: expect.stringMatching(/^depth 3 \(at or above the real depth 2\) gives 33175 bytes, not the unlimited snapshot's 33175, first different at line 2 \(byte 8, column 1\): "  - listitem:\\n.*" is due, the depth 3 snapshot has "\\u\{00A0\}- listitem:\\n/),
      witness: { depth: 3, bytes: 33175, unlimitedBytes: 33175, byte: 8, line: 2, column: 1 },
    })
    // the documented text differs there too: broken as it always was, at the same place
    expect(checkSnapshotAsDocumented(history)).toMatchObject({ verdict: 'broken', witness: { options: { depth: 3 }, byte: 8, line: 2, column: 1 } })
  })
})
