import { afterAll, describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readDocRules } from '#harness/rules/doc-rules.ts'
import type { DocRule } from '#harness/rules/doc-rules.ts'
import { ruleDocs } from '#harness/rules/rule-docs.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import { expectMutantBreaksOwner, groupOf, rowsOf, ruleTable as table } from '#harness/__test-helpers__/rule-table-rows.ts'

// Every MUST and NEVER in the port documents is a rule with a stable id; docs/contracts.md's rule table names, for
// each, the contract that owns it, the scenarios that exercise it and the mutant built to break it. This test reads
// the documents and the table and checks all of it — running each mutant until the contract that owns its rule breaks.
// This file runs the mutants of the pager, the tool output and the snapshotter, in the kit's own process, one after
// another: their work is the kit's own (measuring pages, snapshotting — one scenario's page in real Chromium, the
// file's one browser), nothing to wait on. The session client's mutants, whose rules are judged by the clock, the
// stdio transport's faults (programs) and the agent logs (processes killed and restarted) run in
// rule-table-session-client.test.ts, rule-table-stdio.test.ts and rule-table-agent-log.test.ts, so that the files run
// side by side on two workers.

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8')
const docs = ruleDocs.map((doc) => ({ doc, ...readDocRules(doc, read(doc)) }))
const docRules = new Map<string, DocRule>()
for (const { rules } of docs) for (const rule of rules) if (!docRules.has(rule.id)) docRules.set(rule.id, rule)

afterAll(async () => {
  await closeKitSnapshotter()
})

describe('every MUST and NEVER of the port documents is a marked rule', () => {
  test.for(docs.map((d) => [d.doc, d] as const))('%s: each rule marked with its id, at least one rule', ([, { problems, rules }]) => {
    expect(problems).toEqual([])
    expect(rules.length).toBeGreaterThan(0)
  })
  test('rule ids are unique across the documents', () => {
    const seen = new Map<string, string>()
    const twice: string[] = []
    for (const { rules } of docs) for (const r of rules) {
      const first = seen.get(r.id)
      if (first && first !== `${r.doc}:${r.line}`) twice.push(`${r.id}: ${first} and ${r.doc}:${r.line}`)
      seen.set(r.id, `${r.doc}:${r.line}`)
    }
    expect(twice).toEqual([])
  })
})

describe('the rule table of docs/contracts.md', () => {
  test('names every rule of the documents once, and no other', () => {
    expect(table.problems).toEqual([])
    const rows = table.rows.map((r) => r.rule)
    expect(rows.filter((id, i) => rows.indexOf(id) !== i), 'rules with two rows').toEqual([])
    expect([...docRules.keys()].filter((id) => !rows.includes(id)), 'rules with no row').toEqual([])
    expect(rows.filter((id) => !docRules.has(id)), 'rows of no rule').toEqual([])
  })

  test('each rule-table file has rows to replay (this one, rule-table-session-client, -stdio, -agent-log)', () => {
    const groups = new Set(table.rows.map(groupOf))
    expect([...groups].sort()).toEqual(['agent-log', 'in-process', 'session-client', 'stdio'])
  })

  test.for(rowsOf('in-process'))('%s: its owner judges it in the scenarios named, and its mutant breaks it', { timeout: 300_000 }, async ([, row]) => {
    await expectMutantBreaksOwner(row, expect)
  })
})
