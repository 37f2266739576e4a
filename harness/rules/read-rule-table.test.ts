import { describe, expect, test } from 'vitest'
import { readRuleTable } from '#harness/rules/rule-table.ts'

const section = (...rows: string[]) =>
  ['# Contracts', '', '## Rules', '', '### Pager', '', '| rule | says | owner | exercised by | edges | broken by |', '|---|---|---|---|---|---|', ...rows, '', '## Next', '| `x.y` | not read | `a/b` | `c` | — | `d` |'].join('\n')

describe('readRuleTable', () => {
  test('reads each row under ## Rules: the rule, its owner, the scenario patterns, its edges and the mutant', () => {
    const { rows, problems } = readRuleTable(
      section('| `pager.limit-bound` | a page never holds more than limit | `size/limit-is-upper-bound` | `regressions/x/a`, `regressions/x/*` | `cap-count`, `size` | `pager/mutants/limit-plus-one` |', '| `pager.other` | says | `o/p` | `s` | — | `m` |'),
    )
    expect(problems).toEqual([])
    expect(rows).toEqual([
      { rule: 'pager.limit-bound', owner: 'size/limit-is-upper-bound', scenarios: ['regressions/x/a', 'regressions/x/*'], edges: ['cap-count', 'size'], mutant: 'pager/mutants/limit-plus-one', line: 9 },
      { rule: 'pager.other', owner: 'o/p', scenarios: ['s'], edges: [], mutant: 'm', line: 10 },
    ])
  })

  test('an edges cell naming no dimension, or one that is none of them, is a problem with its line', () => {
    const { rows, problems } = readRuleTable(section('| `a.b` | says | `o` | `s` | `size`, `colour` | `m` |', '| `a.c` | says | `o` | `s` |  | `m` |'))
    expect(rows.map((r) => [r.rule, r.edges])).toEqual([
      ['a.b', ['size']],
      ['a.c', []],
    ])
    expect(problems).toEqual([
      'docs/contracts.md:9: a.b: `colour` is no edge dimension (type, repetition, order, size, cap-count, fault-moment)',
      'docs/contracts.md:10: a.c: no edges (the dimensions it depends on, or — for none)',
    ])
  })

  test('a row with no owner, scenario or mutant, or the wrong number of cells, is a problem with its line', () => {
    const { rows, problems } = readRuleTable(section('| `a.b` | says | | `s` | — | `m` |', '| `a.c` | says | `o` | | — | |', '| `a.d` | says | `o` |'))
    expect(rows).toEqual([])
    expect(problems).toEqual([
      'docs/contracts.md:9: a.b: no owner (a contract id, or adapter:<failure>)',
      'docs/contracts.md:10: a.c: no scenario exercises it',
      'docs/contracts.md:10: a.c: no mutant breaks it',
      'docs/contracts.md:11: a rule row has 6 cells (rule | says | owner | exercised by | edges | broken by), this one has 3',
    ])
  })
})
