import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { entryMatches, KnownFailingListError, parseKnownFailing } from '#harness/expectations/known-failing.ts'
import type { KnownFailingEntry } from '#harness/expectations/known-failing.ts'
import { expectationsFor, knownFailingFileOf } from '#harness/expectations/expectations-for.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

/** The error parseKnownFailing throws for `text`, or a failure when it does not throw. */
function parseError(text: string, file = 'list.txt'): KnownFailingListError {
  try {
    parseKnownFailing(text, file)
  } catch (error) {
    expect(error).toBeInstanceOf(KnownFailingListError)
    return error as KnownFailingListError
  }
  throw new Error(`parseKnownFailing accepted ${JSON.stringify(text)}`)
}

const entry = (pattern: string): KnownFailingEntry => parseKnownFailing(`# why\n${pattern}\n`, 'list.txt')[0]

describe('parseKnownFailing', () => {
  it('reads groups: the "#" lines above a group are the reason of each of its entries', () => {
    const text = [
      '# Header of the file, ended by a blank line: no entry takes it as a reason.',
      '',
      '# It fits pages by JSON bytes only,',
      '## so the dispatcher rejects page 1.',
      'regressions/a/default-read:size/page-fits-ceilings',
      'regressions/a/default-read:recovery/first-page-reachable',
      '# A new group right after entries starts a new reason.',
      'regressions/a/**',
      '',
      '#   Indented and   spaced   reasons are kept as written after the marks.',
      '   regressions/*/walk   ',
    ].join('\n')
    expect(parseKnownFailing(text, 'fixtures/x.known-failing.txt')).toEqual([
      {
        pattern: 'regressions/a/default-read:size/page-fits-ceilings',
        scenario: 'regressions/a/default-read',
        contract: 'size/page-fits-ceilings',
        reason: 'It fits pages by JSON bytes only, so the dispatcher rejects page 1.',
        source: 'fixtures/x.known-failing.txt:5',
      },
      {
        pattern: 'regressions/a/default-read:recovery/first-page-reachable',
        scenario: 'regressions/a/default-read',
        contract: 'recovery/first-page-reachable',
        reason: 'It fits pages by JSON bytes only, so the dispatcher rejects page 1.',
        source: 'fixtures/x.known-failing.txt:6',
      },
      { pattern: 'regressions/a/**', scenario: 'regressions/a/**', reason: 'A new group right after entries starts a new reason.', source: 'fixtures/x.known-failing.txt:8' },
      {
        pattern: 'regressions/*/walk',
        scenario: 'regressions/*/walk',
        reason: 'Indented and   spaced   reasons are kept as written after the marks.',
        source: 'fixtures/x.known-failing.txt:11',
      },
    ])
  })

  it('reads an empty list, a comment-only list and CRLF line ends', () => {
    expect(parseKnownFailing('', 'empty.txt')).toEqual([])
    expect(parseKnownFailing('# nothing is expected to fail\n\n', 'comments.txt')).toEqual([])
    expect(parseKnownFailing('# why\r\nscenario/a\r\n', 'crlf.txt')).toEqual([{ pattern: 'scenario/a', scenario: 'scenario/a', reason: 'why', source: 'crlf.txt:2' }])
  })

  it('an entry without a reason is a one-line error naming file:line and the entry', () => {
    const noComment = parseError('regressions/a/default-read\n', 'fixtures/systems/pager/x.known-failing.txt')
    expect(noComment.message).toMatch(/^fixtures\/systems\/pager\/x\.known-failing\.txt:1: entry "regressions\/a\/default-read" has no reason/)
    expect(noComment.message).not.toContain('\n')
    // a blank line ends a group: the entry after it has no reason, even though the group above had one
    expect(parseError('# why\nregressions/a\n\nregressions/b\n').message).toMatch(/^list\.txt:4: entry "regressions\/b" has no reason/)
    // a "#" line with nothing after the marks is no reason
    expect(parseError('# \n##\nregressions/a\n').message).toMatch(/^list\.txt:3: .*has no reason/)
  })

  it.each([
    ['two words on a line', 'regressions/a regressions/b', /one pattern per line/],
    ['a trailing comment', 'regressions/a # flaky', /one pattern per line/],
    ['three parts', 'regressions/a:size/page-fits-ceilings:extra', /expected scenario-id or scenario-id:contract-id/],
    ['an empty scenario part', ':size/page-fits-ceilings', /expected scenario-id or scenario-id:contract-id/],
    ['an empty contract part', 'regressions/a:', /expected scenario-id or scenario-id:contract-id/],
  ])('a bad pattern (%s) is a one-line error naming file:line and the line', (_, line, expected) => {
    const error = parseError(`# why\n${line}\n`, 'bad.txt')
    expect(error.message).toMatch(/^bad\.txt:2: /)
    expect(error.message).toMatch(expected)
    expect(error.message).toContain(`"${line}"`)
    expect(error.message).not.toContain('\n')
  })
})

describe('entryMatches', () => {
  const id = 'regressions/analysis-result-budget/default-read'

  it('an exact scenario id matches that scenario only', () => {
    expect(entryMatches(entry(id), id)).toBe(true)
    expect(entryMatches(entry(id), 'regressions/analysis-result-budget/default-read-2')).toBe(false)
    expect(entryMatches(entry(id), 'regressions/analysis-result-budget')).toBe(false)
  })

  it('* matches within one level, never across "/"', () => {
    expect(entryMatches(entry('regressions/*/default-read'), id)).toBe(true)
    expect(entryMatches(entry('regressions/analysis-result-budget/default-*'), id)).toBe(true)
    expect(entryMatches(entry('regressions/*'), id)).toBe(false)
    expect(entryMatches(entry('*'), id)).toBe(false)
  })

  it('** matches any number of levels, zero included', () => {
    expect(entryMatches(entry('regressions/**'), id)).toBe(true)
    expect(entryMatches(entry('**'), id)).toBe(true)
    expect(entryMatches(entry('**/default-read'), id)).toBe(true)
    expect(entryMatches(entry('regressions/**/default-read'), 'regressions/default-read')).toBe(true)
    expect(entryMatches(entry('regressions/**/default-read'), id)).toBe(true)
    expect(entryMatches(entry('other/**'), id)).toBe(false)
  })

  it('scenario:contract narrows an entry to matching contracts; a scenario-only entry covers every contract', () => {
    const narrowed = entry(`${id}:size/page-fits-ceilings`)
    expect(entryMatches(narrowed, id, 'size/page-fits-ceilings')).toBe(true)
    expect(entryMatches(narrowed, id, 'size/limit-is-upper-bound')).toBe(false)
    expect(entryMatches(narrowed, 'regressions/analysis-result-budget/six-turns', 'size/page-fits-ceilings')).toBe(false)
    // without a contract to compare, the scenario part decides
    expect(entryMatches(narrowed, id)).toBe(true)

    const family = entry(`regressions/**:size/*`)
    expect(entryMatches(family, id, 'size/page-fits-ceilings')).toBe(true)
    expect(entryMatches(family, id, 'recovery/first-page-reachable')).toBe(false)

    const whole = entry(id)
    expect(entryMatches(whole, id, 'size/page-fits-ceilings')).toBe(true)
    expect(entryMatches(whole, id, 'recovery/cursor-exactly-once')).toBe(true)
  })
})

describe('the pre-fix list of pager/analysis-result-budget', () => {
  const file = knownFailingFileOf('pager/analysis-result-budget')
  const entries = parseKnownFailing(readFileSync(file, 'utf8'), 'analysis-result-budget.known-failing.txt')

  it('parses, and every entry has a reason and a file:line source', () => {
    expect(entries.length).toBeGreaterThan(0)
    for (const e of entries) {
      expect(e.reason.trim(), e.pattern).not.toBe('')
      // the file's header (ended by a blank line) is no entry's reason
      expect(e.reason, e.pattern).not.toMatch(/^Known-failing list of/)
      expect(e.source).toMatch(/^analysis-result-budget\.known-failing\.txt:\d+$/)
    }
  })

  it('names only bundled scenarios and known contracts', async () => {
    const ids = (await loadScenarios(scenarioRoot)).map((s) => s.id)
    for (const e of entries) {
      const scenario = ids.find((id) => entryMatches(e, id))
      expect(scenario, `${e.source}: ${e.pattern} matches no bundled scenario`).toBeDefined()
      const contracts = [...contractsById.keys()].filter((c) => entryMatches(e, scenario!, c))
      expect(contracts, `${e.source}: ${e.pattern} matches no known contract`).not.toEqual([])
    }
  })

  it('is the expectation of the system in process and over stdio alike; the reference expects nothing', () => {
    const viaFile = parseKnownFailing(readFileSync(file, 'utf8'), 'fixtures/systems/pager/analysis-result-budget.known-failing.txt')
    expect(expectationsFor('pager/analysis-result-budget')).toEqual(viaFile)
    expect(expectationsFor('pager/analysis-result-budget@stdio')).toEqual(viaFile)
    expect(expectationsFor('pager/reference')).toEqual([])
    expect(expectationsFor('pager/reference@stdio')).toEqual([])
    expect(expectationsFor('stdio:python3 pager.py')).toEqual([])
  })

  it('lives beside the system it describes', () => {
    expect(file).toBe(fileURLToPath(new URL('../../fixtures/systems/pager/analysis-result-budget.known-failing.txt', import.meta.url)))
  })
})
