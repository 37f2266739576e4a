import { describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readRuleTable } from '#harness/rules/rule-table.ts'
import { readNotYetVaried } from '#harness/rules/not-yet-varied.ts'
import { portOfRule } from '#harness/rules/port-of-rule.ts'
import { explorers } from '#harness/explore/explorers.ts'

// Every rule fed its edges (issue 24, item 2): each row of docs/contracts.md's rule table names, in `edges`, the input
// dimensions the rule depends on; its port's explorer must vary each (the explorer's `varies`, each claim proven by
// harness/explore/explorer-varies.test.ts). A dimension it does not vary fails the row — unless docs/contracts.md's
// "Not yet varied" list names that rule and dimension with why, and that list holds exactly the rows' unvaried pairs,
// so it cannot go stale. Scenarios declare no dimensions, so only the explorers count as feeding a rule.

const source = readFileSync(fileURLToPath(new URL('../../docs/contracts.md', import.meta.url)), 'utf8')
const table = readRuleTable(source)
const listed = readNotYetVaried(source)

/** The dimensions of a row its port's explorer does not vary. */
const unvaried = (row: (typeof table.rows)[number]) => row.edges.filter((d) => !explorers[portOfRule(row)].varies.includes(d))
const fed = table.rows.filter((row) => unvaried(row).length === 0)

describe('every rule fed its edges', () => {
  test('the rule table and the not-yet-varied list read without problems', () => {
    expect(table.problems).toEqual([])
    expect(listed.problems).toEqual([])
  })

  test.for(table.rows.map((row) => [row.rule, row] as const))('%s: its port’s explorer varies every dimension of its edges, or the dimension is listed as not yet varied', ([, row]) => {
    const listedOfRow = listed.entries.filter((e) => e.rule === row.rule).map((e) => e.dimension)
    expect(listedOfRow, `${row.rule} (docs/contracts.md:${row.line}): the dimensions ${portOfRule(row)}'s explorer does not vary, against the not-yet-varied list`).toEqual(unvaried(row))
  })

  test('the not-yet-varied list names only rules of the table, each pair once', () => {
    const rules = new Set(table.rows.map((r) => r.rule))
    expect(listed.entries.filter((e) => !rules.has(e.rule)).map((e) => `docs/contracts.md:${e.line}: ${e.rule}`)).toEqual([])
    const pairs = listed.entries.map((e) => `${e.rule} ${e.dimension}`)
    expect(pairs.filter((p, i) => pairs.indexOf(p) !== i)).toEqual([])
    console.log(`not yet varied (${listed.entries.length}):\n${listed.entries.map((e) => `  ${e.rule} ${e.dimension}: ${e.why}`).join('\n')}`)
  })

  test(`${fed.length} of ${table.rows.length} rules have every dimension of their edges varied by their port's explorer`, () => {
    expect(fed.length + table.rows.filter((row) => unvaried(row).length > 0).length).toBe(table.rows.length)
    expect(table.rows.filter((row) => unvaried(row).length > 0).map((row) => row.rule)).toEqual([...new Set(listed.entries.map((e) => e.rule))].sort((a, b) => table.rows.findIndex((r) => r.rule === a) - table.rows.findIndex((r) => r.rule === b)))
  })
})
