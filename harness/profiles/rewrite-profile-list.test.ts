import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { rewriteProfileList } from '#harness/profiles/rewrite-profile-list.ts'
import { loadProfile } from '#harness/profiles/load-profile.ts'
import type { ProfileEntry, Rebaseline } from '#harness/profiles/rebaseline.ts'

const folder = mkdtempSync(join(tmpdir(), 'contract-kit-rewrite-'))
afterAll(() => rmSync(folder, { recursive: true, force: true }))

const head = `# yaml-language-server: $schema=../profile.schema.json
# My implementation, as the team describes it.
name: my-impl
ports: [pager]
transport: stdio
# No shell runs this.
command: node ./impl.js
env:
  A: "1"
`

const source = `${head}# Cases known to fail: rebaseline rewrites this list.
knownFailing:
  - case: regressions/x/a
    contract: size/page-fits-ceilings # the ceiling one
    reason: 'cut by JSON bytes: not retained bytes'
    link: https://example.com/issues/1
    expires: 2026-03-31
  # the second one, kept by hand
  - case: regressions/x/b
    reason: "no store on disk"
    link: https://example.com/issues/2
knownFlaky: []
flakyRetries: 3
`

const added: ProfileEntry = { case: 'regressions/x/c', contract: 'size/limit-is-upper-bound', reason: 'limit: 5 gave 6 # items', link: 'https://example.com/issues/3' }

/** A rebaseline result with just the list (the rewrite reads nothing else). */
const plan = (list: Rebaseline['list']): Rebaseline => ({ list, removed: [], added: [], flaky: [], moved: [], addedFlaky: [], undecided: [] })

let written = 0
const load = (text: string) => {
  const file = join(folder, `profile-${++written}.yaml`)
  writeFileSync(file, text)
  return { file, profile: loadProfile(file) }
}

describe('rewriteProfileList', () => {
  it('keeping every entry changes nothing', () => {
    expect(rewriteProfileList(source, plan([{ keep: 0 }, { keep: 1 }]))).toBe(source)
  })

  it('keeps every other line and comment as written, and kept entries as written (their comments too); adds new entries in block style', () => {
    const text = rewriteProfileList(source, plan([{ keep: 1 }, { add: added }]))
    expect(text).toBe(`${head}# Cases known to fail: rebaseline rewrites this list.
knownFailing:
  # the second one, kept by hand
  - case: regressions/x/b
    reason: "no store on disk"
    link: https://example.com/issues/2
  - case: regressions/x/c
    contract: size/limit-is-upper-bound
    reason: "limit: 5 gave 6 # items"
    link: https://example.com/issues/3
knownFlaky: []
flakyRetries: 3
`)
  })

  it('a kept entry keeps its quoting, expiry and trailing comment', () => {
    const text = rewriteProfileList(source, plan([{ keep: 0 }]))
    expect(text).toContain(`knownFailing:
  - case: regressions/x/a
    contract: size/page-fits-ceilings # the ceiling one
    reason: 'cut by JSON bytes: not retained bytes'
    link: https://example.com/issues/1
    expires: 2026-03-31
knownFlaky: []`)
    expect(text).not.toContain('regressions/x/b')
  })

  it('an empty result becomes knownFailing: []', () => {
    const text = rewriteProfileList(source, plan([]))
    expect(text).toBe(`${head}# Cases known to fail: rebaseline rewrites this list.
knownFailing: []
knownFlaky: []
flakyRetries: 3
`)
  })

  it('an already empty list that gains entries turns to block style', () => {
    const text = rewriteProfileList(`${head}knownFailing: []\n# flaky ones\nknownFlaky: []\n`, plan([{ add: added }]))
    expect(text).toBe(`${head}knownFailing:
  - case: regressions/x/c
    contract: size/limit-is-upper-bound
    reason: "limit: 5 gave 6 # items"
    link: https://example.com/issues/3
# flaky ones
knownFlaky: []
`)
  })

  it('a profile without a knownFailing key gets one, at the end', () => {
    expect(rewriteProfileList(head, plan([{ add: added }]))).toBe(`${head}knownFailing:
  - case: regressions/x/c
    contract: size/limit-is-upper-bound
    reason: "limit: 5 gave 6 # items"
    link: https://example.com/issues/3
`)
    expect(rewriteProfileList(head, plan([]))).toBe(`${head}knownFailing: []\n`)
  })

  it('the result re-parses, and loads as a profile with the new list', () => {
    const text = rewriteProfileList(source, plan([{ keep: 0 }, { add: added }]))
    expect(parse(text).knownFailing).toEqual([
      { case: 'regressions/x/a', contract: 'size/page-fits-ceilings', reason: 'cut by JSON bytes: not retained bytes', link: 'https://example.com/issues/1', expires: '2026-03-31' },
      added,
    ])
    const { file, profile } = load(text)
    expect(profile.name).toBe('my-impl')
    expect(profile.flakyRetries).toBe(3)
    expect(profile.expectations).toEqual([
      {
        pattern: 'regressions/x/a:size/page-fits-ceilings',
        scenario: 'regressions/x/a',
        contract: 'size/page-fits-ceilings',
        reason: 'cut by JSON bytes: not retained bytes',
        source: `${file}:12`,
        link: 'https://example.com/issues/1',
        expires: '2026-03-31',
      },
      {
        pattern: 'regressions/x/c:size/limit-is-upper-bound',
        scenario: 'regressions/x/c',
        contract: 'size/limit-is-upper-bound',
        reason: 'limit: 5 gave 6 # items',
        source: `${file}:17`,
        link: 'https://example.com/issues/3',
      },
    ])
  })

  it('an emptied list and a new one load too', () => {
    expect(load(rewriteProfileList(source, plan([]))).profile.expectations).toEqual([])
    const commented = `${head}knownFailing:\n  # about the first one\n  - case: regressions/x/a\n    reason: r\n    link: https://example.com/issues/1\n`
    expect(load(rewriteProfileList(commented, plan([]))).profile.expectations).toEqual([])
    expect(load(rewriteProfileList(head, plan([{ add: added }]))).profile.expectations.map((e) => e.pattern)).toEqual(['regressions/x/c:size/limit-is-upper-bound'])
  })

  it('moves an entry to knownFlaky and adds a flaky one, in block style, keeping the flaky entries it had', () => {
    const withFlaky = source.replace('knownFlaky: []\n', 'knownFlaky:\n  - case: regressions/y/a\n    reason: races on tmpfs\n    link: https://example.com/issues/9\n')
    const moved: ProfileEntry = { case: 'regressions/x/b', reason: 'no store on disk', link: 'https://example.com/issues/2' }
    const text = rewriteProfileList(withFlaky, { list: [{ keep: 0 }], flaky: [{ keep: 0 }, { add: moved }] })
    const { profile } = load(text)
    expect(profile.spec.knownFailing.map((e) => e.case)).toEqual(['regressions/x/a'])
    expect(profile.spec.knownFlaky.map((e) => e.case)).toEqual(['regressions/y/a', 'regressions/x/b'])
    expect(text).toContain('knownFlaky:\n  - case: regressions/y/a\n    reason: races on tmpfs\n')
  })

  it('adds no knownFlaky key when the profile has none and nothing is flaky', () => {
    expect(rewriteProfileList(source.replace('knownFlaky: []\n', ''), { list: [{ keep: 0 }, { keep: 1 }], flaky: [] })).not.toContain('knownFlaky')
  })
})
