import { describe, expect, test } from 'vitest'
import { readRuleTable } from '#harness/rules/rule-table.ts'

const section = (...rows: string[]) =>
  ['# Contracts', '', '## Rules', '', '### Pager', '', '| rule | says | owner | exercised by | broken by |', '|---|---|---|---|---|', ...rows, '', '## Next', '| `x.y` | not read | `a/b` | `c` | `d` |'].join('\n')

describe('readRuleTable', () => {
  test('reads each row under ## Rules: the rule, its owner, the scenario patterns and the mutant', () => {
    const { rows, problems } = readRuleTable(section('| `pager.limit-bound` | a page never holds more than limit | `size/limit-is-upper-bound` | `regressions/x/a`, `regressions/x/*` | `pager/mutants/limit-plus-one` |'))
    expect(problems).toEqual([])
    expect(rows).toEqual([{ rule: 'pager.limit-bound', owner: 'size/limit-is-upper-bound', scenarios: ['regressions/x/a', 'regressions/x/*'], mutant: 'pager/mutants/limit-plus-one', line: 9 }])
  })

  test('a row with no owner, scenario or mutant, or the wrong number of cells, is a problem with its line', () => {
    const { rows, problems } = readRuleTable(section('| `a.b` | says | | `s` | `m` |', '| `a.c` | says | `o` | | |', '| `a.d` | says | `o` |'))
    expect(rows).toEqual([])
    expect(problems).toEqual([
      'docs/contracts.md:9: a.b: no owner (a contract id, or adapter:<failure>)',
      'docs/contracts.md:10: a.c: no scenario exercises it',
      'docs/contracts.md:10: a.c: no mutant breaks it',
      'docs/contracts.md:11: a rule row has 5 cells (rule | says | owner | exercised by | broken by), this one has 3',
    ])
  })
})
