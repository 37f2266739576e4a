import { describe, expect, test } from 'vitest'
import { readDocRules } from '#harness/rules/doc-rules.ts'

describe('readDocRules', () => {
  test('a MUST or NEVER statement with its marker is a rule, at the line it starts', () => {
    const source = ['# Port', '', 'Some prose that may say must in lower case.', '', '- A page MUST fit every ceiling', '  [rule:pager.page-fits]. More.', '- A page NEVER holds more than `limit` items [rule:pager.limit-bound].', ''].join('\n')
    const { rules, problems } = readDocRules('docs/x.md', source)
    expect(problems).toEqual([])
    expect(rules.map((r) => [r.id, r.line])).toEqual([
      ['pager.page-fits', 5],
      ['pager.limit-bound', 7],
    ])
  })

  test('a MUST without a marker, a marker without a MUST, and a malformed marker are problems named by line', () => {
    const source = ['A client MUST resume from its cursor.', '', 'Just prose [rule:session.resume].', '', '| a | table row NEVER [rule:Bad_Id] |', ''].join('\n')
    expect(readDocRules('docs/x.md', source).problems).toEqual([
      'docs/x.md:1: a MUST or NEVER with no [rule:…] id: "A client MUST resume from its cursor."',
      'docs/x.md:3: [rule:session.resume] marks a statement with no MUST or NEVER: "Just prose [rule:session.resume]."',
      'docs/x.md:5: a MUST or NEVER with no [rule:…] id: "| a | table row NEVER [rule:Bad_Id] |"',
      'docs/x.md:5: a [rule:…] marker that is not a dotted kebab-case id: "| a | table row NEVER [rule:Bad_Id] |"',
    ])
  })

  test('fenced code is not read; table rows and list items are statements of their own', () => {
    const source = ['```', 'MUST in code', '```', '| x MUST y [rule:a.b] |', '| z |', '1. NEVER w [rule:a.c]', '2. plain'].join('\n')
    const { rules, problems } = readDocRules('d.md', source)
    expect(problems).toEqual([])
    expect(rules.map((r) => r.id)).toEqual(['a.b', 'a.c'])
  })
})
