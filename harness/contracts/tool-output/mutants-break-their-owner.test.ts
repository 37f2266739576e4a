import { afterAll, describe, expect, test } from 'vitest'
import { recordInProcess } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { toolOutputMutants } from '#fixtures/systems/tool-output/mutants/index.ts'
import { snapshotterMutants } from '#fixtures/systems/snapshotter/mutants/index.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import type { ToolOutputHistory } from '#harness/history/history.ts'

// Each mutant (one fault) breaks the contract that owns the rule it was made for, in the scenario named beside it, with
// a message naming that fault; the other contracts it breaks, if any, are listed too, so a fault caught only by accident
// (by a contract that does not own its rule) would show here.

afterAll(() => closeKitSnapshotter())

/** For each tool-output mutant: every contract it breaks in its scenario (its owner first), and what the owner's message says. */
const toolOutputCaught: Record<string, { broken: string[]; says: RegExp }> = {
  'escapes-with-dotdot': { broken: ['recovery/spill-roundtrip'], says: /refused: the path has a `\.\.` segment/ },
  'follows-symlink': { broken: ['recovery/spill-roundtrip'], says: /refused: the path resolves to .*outside the grant folder/ },
  'appends-command': { broken: ['recovery/spill-roundtrip'], says: /refused: the command holds a shell operator ";"/ },
  'appends-substitution': { broken: ['recovery/spill-roundtrip'], says: /refused: the command holds "\$"/ },
  'writes-outside': { broken: ['security/spill-confined', 'recovery/spill-roundtrip'], says: /changed 1 path outside the grant: "snapshot-/ },
  'ignores-cap-unit': { broken: ['size/inline-within-cap'], says: /^the inline text measures 3,309 utf8-bytes, over the cap of 3,026$/ },
  // issue 24: where the head leaves the output, by line, byte and column, both sides escaped (a split character: U+FFFD, a lone half)
  'slices-utf8-bytes': { broken: ['size/inline-within-cap'], says: /^the inline text is not a head of the output cut on a character boundary: first different at line 120 \(byte 3024, column 27\): " über señal 🙂 piña.*" is due, the inline text has " über señal \\u\{FFFD\}"$/ },
  'slices-utf16-units': { broken: ['size/inline-within-cap'], says: /\(it ends inside a surrogate pair, first different at line 129 \(byte 3243, column 16\): " - link \\"43 🙂 東京.*" is due, the inline text has " - link \\"43 \\u\{D83D\}"\)$/ },
  'counts-runes-as-utf16-units': { broken: ['size/inline-within-cap'], says: /^the inline head is 14 runes short: 2,968, where the longest head within the cap of 2,982/ },
  'head-one-unit-short': { broken: ['size/inline-within-cap'], says: /^the inline head is 1 rune short: 7,999, where the longest head within the cap of 8,000/ },
  'empty-head': { broken: ['size/inline-within-cap', 'size/remedies-fit-shape'], says: /^the inline head is empty, though the cap of 8,000 holds the first 8,000 runes/ },
  'cuts-at-the-cap': { broken: ['size/inline-within-cap'], says: /fits the cap \(1,324 UTF-8 bytes of 1,324\), yet the tool answered as if it was cut: a banner, 2 remedies, a recovery command, a spill$/ },
  'throws-on-failed-spill': { broken: ['recovery/spill-fallback'], says: /^with spill policy failing, an error reached the caller/ },
  'claims-a-save': { broken: ['recovery/spill-fallback'], says: /^with spill policy none nothing was kept, yet the banner does not say "The rest of the output was not kept"; its last line: "The whole output was saved in the tool output folder; read it back without running the tool again\."$/ },
  'spills-into-another-grant': { broken: ['security/spill-confined', 'recovery/spill-fallback'], says: /outside the grant: "other_folder\/snapshot-/ },
  'spills-only-the-rest': { broken: ['recovery/spill-roundtrip'], says: /^reading the recovery command back gives 24750 bytes where the output's 33175 are due, first different at line 1 \(byte 0, column 1\): "- list:.*" is due, what was read back has " ø/ },
  'spills-to-one-name': { broken: ['recovery/spill-roundtrip'], says: /^run 1 of 2: its recovery command, read back after run 2, gives 2659 bytes where the output's 2651 are due, first different at line 121 \(byte 2651, column 21\): its end is due, what was read back has "\/url: \\"#i40\\"\\n\(run 2\)"$/ },
  'relative-recovery-path': { broken: ['recovery/spill-roundtrip'], says: /^the recovery command's path "snapshot-[0-9a-f]{16}\.txt" is relative/ },
  'reads-300-lines': { broken: ['recovery/spill-roundtrip'], says: /refused: the range 1,300 is 300 lines, more than 240$/ },
  'banner-omits-recovery': { broken: ['recovery/spill-roundtrip'], says: /^the banner does not give the recovery command/ },
  'marker-counts-utf16-units': { broken: ['size/cut-marker-exact'], says: /^the cut marker is not exact: 8,028 shown, where the head measures 8,000; a total of 31,522, where the output measures 31,399/ },
  'never-offers-depth': { broken: ['size/remedies-fit-shape'], says: /^the head is deeply nested \(deepest level 26, .*\), yet --depth is not offered$/ },
  'offers-depth-on-any-page': { broken: ['size/remedies-fit-shape', 'size/remedy-shrinks-output'], says: /^the head is wide or shallow .*, yet --depth 2 is offered/ },
  'offers-no-remedy': { broken: ['size/remedies-fit-shape'], says: /^--compact and --interactive not offered/ },
  'depth-remedy-misnamed': { broken: ['size/remedies-fit-shape'], says: /^remedy 1 is not of a documented shape .*value is undefined/ },
  'offers-depth-too-deep': { broken: ['size/remedy-shrinks-output'], says: /^the banner offers --depth 26, which gives 4296 runes, no smaller than the output's 4296$/ },
}

describe('tool-output mutants break the contract that owns their rule', () => {
  test('the table names every mutant', () => {
    expect(Object.keys(toolOutputCaught)).toEqual(toolOutputMutants.map((m) => m.name.split('/').pop()))
  })
  test.for(toolOutputMutants.map((m) => [m.name, m] as const))('%s', async ([name, mutant]) => {
    const caught = toolOutputCaught[name.split('/').pop()!]!
    const history = (await recordInProcess(mutant.shownBy, { 'tool-output': mutant.create() })) as ToolOutputHistory
    const judgement = judgeHistory(history, [])
    expect(judgement.verdict).toBe('broken')
    const broken = judgement.contracts.filter((c) => c.verdict === 'broken').map((c) => c.id)
    expect(broken.sort()).toEqual([...caught.broken].sort())
    expect(caught.broken[0]).toBe(mutant.breaks)
    const owner = judgement.contracts.find((c) => c.id === mutant.breaks)!
    expect(owner.verdict === 'broken' ? owner.message : owner.verdict).toMatch(caught.says)
    expect(JSON.stringify(history)).not.toContain('decoy: outside the grant') // nothing outside the grant was read back
  })
})

/** Where each snapshotter mutant shows: the 500-sibling page, but for a name-length fault the page of long names, and for a depth read by its type the depths of other types. */
const snapshotterShownBy = (name: string) => (name.endsWith('/long-names-by-code-points') ? 'long-names' : name.endsWith('/coerces-depth') ? 'depth-of-another-type' : 'depth-flat-500-siblings')
const snapshotterSays: Record<string, RegExp> = {
  'depth-off-by-one': /^depth 2 \(at or above the real depth 2\) gives 6507 bytes, not the unlimited snapshot's 33175, first different at line 2 \(byte 20, column 13\): "  - listitem:\\n.*" is due, the depth 2 snapshot has "  - listitem\\n  - listitem/,
  'ends-with-newline': /^the unlimited snapshot is not the documented text: 33176 bytes where 33175 are due/,
  'long-names-by-code-points': /^the unlimited snapshot is not the documented text: 10223 bytes where 4022 are due, first different at line 3 \(byte \d+, column \d+\): "/,
  'collapsed-keeps-colon': /^the depth 1 snapshot is not the documented text: 7007 bytes where 6507 are due, first different at line 2 \(byte \d+, column \d+\): "/,
  'depth-zero-is-top-level': /^the depth 0 snapshot is not the documented text: 6 bytes where 33175 are due/,
  'accepts-negative-depth': /^depth -1 was answered with a snapshot \(33175 bytes\): a depth that is not a non-negative integer \(negative, fractional, or of another JSON type\) must be refused/,
  'coerces-depth': /^depth "2" was answered with a snapshot \(80 bytes\): a depth that is not a non-negative integer/,
  'compact-without-dedent': /^the compact snapshot is not the documented text: 26167 bytes where 22167 are due/,
  'interactive-keeps-urls': /^the interactive snapshot is not the documented text: 22167 bytes where 12775 are due/,
  'compact-overrides-interactive': /^the compact \+ interactive snapshot is not the documented text: 22167 bytes where 12775 are due/,
}

describe('snapshotter mutants break the contract that owns their rule', () => {
  test('the table names every mutant', () => {
    expect(Object.keys(snapshotterSays).sort()).toEqual(snapshotterMutants.map((m) => m.name.split('/').pop()).sort())
  })
  test.for(snapshotterMutants.map((m) => [m.name, m] as const))('%s', async ([name, mutant]) => {
    const judgement = judgeHistory(await recordInProcess(snapshotterShownBy(name), { snapshotter: mutant.create() }), [])
    expect(judgement.verdict).toBe('broken')
    const owner = judgement.contracts.find((c) => c.id === mutant.breaks)!
    expect(owner.verdict === 'broken' ? owner.message : owner.verdict).toMatch(snapshotterSays[name.split('/').pop()!]!)
    // only the off-by-one depth changes what depth-is-nesting-only compares; every fault breaks the documented text
    expect(judgement.contracts.map((c) => [c.id, c.verdict])).toEqual([
      ['size/depth-is-nesting-only', name.endsWith('/depth-off-by-one') ? 'broken' : 'held'],
      ['size/snapshot-as-documented', 'broken'],
    ])
  })
})
