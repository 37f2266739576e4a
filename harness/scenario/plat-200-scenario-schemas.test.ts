import { describe, expect, test } from 'vitest'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'

const parse = (port: 'tool-output' | 'snapshotter', given: unknown) => scenarioSchema.safeParse({ title: 't', port, given })
const firstIssue = (port: 'tool-output' | 'snapshotter', given: unknown) => {
  const parsed = parse(port, given)
  return parsed.success ? 'valid' : `${parsed.error.issues[0]!.path.join('.')}: ${parsed.error.issues[0]!.message}`
}

describe('the PLAT-200 scenario schemas', () => {
  test('a relative cap is resolved against the page’s output, and kept as written beside its max', () => {
    const parsed = parse('tool-output', { page: { kind: 'flat', siblings: 200, text: 20, seed: 7 }, cap: { unit: 'utf8-bytes', wideCharacter: 3 } })
    expect(parsed.success && parsed.data.port === 'tool-output' && parsed.data.given.cap).toEqual({ unit: 'utf8-bytes', wideCharacter: 3, by: 1, max: 108 })
    const atCap = parse('tool-output', { page: { kind: 'flat', siblings: 20 }, cap: { unit: 'utf8-bytes', outputBy: 0 } })
    expect(atCap.success && atCap.data.port === 'tool-output' && atCap.data.given.cap.max).toBe(1324) // as tool-output/output-at-cap says
  })

  test('a cap that cannot be placed, or that mixes forms, is an error on the cap', () => {
    expect(firstIssue('tool-output', { page: { kind: 'flat', siblings: 1, text: 1 }, cap: { unit: 'runes', wideCharacter: 1 } })).toBe(
      'given.cap: cannot place the cap: the output has 0 characters outside the BMP (two UTF-16 units, one rune), no character 1',
    )
    expect(firstIssue('tool-output', { page: { kind: 'flat', siblings: 1 }, cap: { unit: 'runes', outputBy: -500 } })).toMatch(/^given\.cap: cannot place the cap: the cap comes to -\d+ runes/)
    expect(firstIssue('tool-output', { page: { kind: 'flat', siblings: 1 }, cap: { unit: 'runes', max: 3, outputBy: 0 } })).toMatch(/^given\.cap: expected a cap: unit with max, outputBy, or wideCharacter/)
  })

  test('pages: a tree by its fanouts, name lengths as a range, labels; wrong ones named where they are wrong', () => {
    expect(firstIssue('snapshotter', { page: { kind: 'tree', fanout: [3, 2], text: { min: 2, max: 9 }, labels: true }, requests: [{ depth: 2, compact: true }] })).toBe('valid')
    expect(firstIssue('snapshotter', { page: { kind: 'flat', siblings: 0 } })).toBe('given.page.siblings: expected a positive integer, at most 50,000, got 0')
    expect(firstIssue('snapshotter', { page: { kind: 'round' } })).toBe('given.page.kind: expected kind: flat, deep, mixed or tree, got "round"')
    expect(firstIssue('snapshotter', { page: { kind: 'tree', fanout: [] } })).toBe('given.page.fanout: expected at least one level, got an empty list')
    expect(firstIssue('snapshotter', { page: { kind: 'tree', fanout: [1000, 1000] } })).toBe('given.page: expected at most 50,000 list items in the page')
    // a depth the snapshotter must refuse is a valid request (fractional, or of another JSON type); no other value is
    for (const depth of [1.5, -1, '2', true, null]) expect(firstIssue('snapshotter', { page: { kind: 'flat', siblings: 2 }, requests: [{ depth }] })).toBe('valid')
    for (const depth of [{}, [2], 5_000, 'x'.repeat(41)]) expect(firstIssue('snapshotter', { page: { kind: 'flat', siblings: 2 }, requests: [{ depth }] })).toMatch(/^given\.requests\.0\.depth: expected a number from -1,000 to 1,000, or a depth of another JSON type to be refused/)
    expect(firstIssue('snapshotter', { page: { kind: 'tree', fanout: [1, 9], bareLeaves: true } })).toBe('valid')
    expect(firstIssue('snapshotter', { page: { kind: 'flat', siblings: 2, bareLeaves: true } })).toMatch(/^given\.page: /)
  })

  test('a tool-output trailer: placed in the cap, a lone surrogate refused with a granted spill; a folder name and taken spill names', () => {
    const page = { kind: 'flat', siblings: 1, text: 1 }
    const parsed = parse('tool-output', { page, trailer: '\na\udc00', cap: { unit: 'runes', outputBy: -1 }, spill: 'none' })
    expect(parsed.success && parsed.data.port === 'tool-output' && parsed.data.given.cap.max).toBe(59) // the snapshot's 57 runes, then 2 of the trailer's 3
    expect(firstIssue('tool-output', { page, trailer: '\na\udc00', cap: { unit: 'runes', max: 3 } })).toBe(
      'given.trailer: a trailer holding a lone surrogate needs a spill policy other than granted: UTF-8 cannot hold one, so no spill gives the output back whole',
    )
    expect(firstIssue('tool-output', { page, trailer: '\n🙂', cap: { unit: 'runes', max: 3 } })).toBe('valid')
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, folderName: "tool output's folder", takenNames: 15 })).toBe('valid')
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, folderName: 'a/b' })).toMatch(/^given\.folderName: expected a folder name: one path segment/)
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, folderName: 'outside' })).toMatch(/^given\.folderName: expected a folder name/)
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, takenNames: 16 })).toMatch(/^given\.takenNames: expected an integer from 1 to 15/)
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, spill: 'none', takenNames: 1 })).toBe('given.takenNames: takenNames needs spill: granted (the names are taken inside the granted folder)')
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, takenNames: 15, takenBy: 'dangling' })).toBe('valid')
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, takenBy: 'dangling' })).toBe('given.takenBy: takenBy needs takenNames (it says what takes them)')
    expect(firstIssue('tool-output', { page, cap: { unit: 'runes', max: 3 }, takenNames: 1, takenBy: 'broken' })).toMatch(/^given\.takenBy: expected /)
  })
})
