import { afterAll, describe, expect, test } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { readDocRules } from '#harness/rules/doc-rules.ts'
import type { DocRule } from '#harness/rules/doc-rules.ts'
import { readRuleTable } from '#harness/rules/rule-table.ts'
import type { RuleRow } from '#harness/rules/rule-table.ts'
import { ruleDocs } from '#harness/rules/rule-docs.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import { breaksOwner } from '#harness/__test-helpers__/explore-mutants.ts'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { closeKitSnapshotter } from '#harness/drivers/tool-output/kit-snapshotter.ts'
import type { Adapter } from '#harness/adapters/adapter.ts'
import type { AdapterFailure } from '#harness/adapters/adapter-error.ts'

// Every MUST and NEVER in the port documents is a rule with a stable id; docs/contracts.md's rule table names, for
// each, the contract that owns it, the scenarios that exercise it and the mutant built to break it. This test reads
// the documents and the table and checks all of it — running each mutant until the contract that owns its rule breaks.

const root = fileURLToPath(new URL('../../', import.meta.url))
const read = (path: string) => readFileSync(`${root}${path}`, 'utf8')
const docs = ruleDocs.map((doc) => ({ doc, ...readDocRules(doc, read(doc)) }))
const docRules = new Map<string, DocRule>()
for (const { rules } of docs) for (const rule of rules) if (!docRules.has(rule.id)) docRules.set(rule.id, rule)
const table = readRuleTable(read('docs/contracts.md'))
const adapterFailures: readonly AdapterFailure[] = ['spawn', 'handshake', 'protocol', 'timeout', 'crashed', 'implementation']

const pool = new ConnectionPool()
const adapters = new Map<string, Adapter>()
afterAll(async () => {
  await pool.closeAll()
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

  test.for(table.rows.map((row) => [row.rule, row] as const))('%s: its owner judges it in the scenarios named, and its mutant breaks it', { timeout: 300_000 }, async ([, row]) => {
    const matched = bundledScenarios.filter((s) => row.scenarios.some((pattern) => matchCaseId(pattern, s.id)))
    for (const pattern of row.scenarios) expect(bundledScenarios.some((s) => matchCaseId(pattern, s.id)), `${row.rule}: ${pattern} matches no bundled scenario`).toBe(true)
    const exercising = matched.filter((s) => exercises(row, s.exercises, s.scenario.port))
    expect(exercising.map((s) => s.id), `${row.rule} (docs/contracts.md:${row.line}): no scenario named exercises ${row.owner}`).not.toEqual([])
    const seen: string[] = []
    for (const loaded of exercising) {
      const outcome = await replayScenario(loaded, { adapter: adapterOf(row), pool, expectations: [] })
      if (breaksOwner(row, outcome)) return
      seen.push(`${loaded.id}: ${outcome.verdict}${outcome.error ? ` (${outcome.error.message.split('\n')[0]})` : ''}; ${row.owner} ${outcome.contracts.find((c) => c.id === row.owner)?.verdict ?? '-'}`)
    }
    expect.fail(`${row.rule} (docs/contracts.md:${row.line}): ${row.mutant} does not break ${row.owner} in any scenario named:\n  ${seen.join('\n  ')}`)
  })
})

/** Whether a scenario (its exercised contracts and port) exercises a row's owner: a contract it exercises, or any scenario of the port for a transport rule. */
function exercises(row: RuleRow, exercised: readonly string[], port: string): boolean {
  if (row.owner.startsWith('adapter:')) {
    expect(adapterFailures, `${row.rule}: ${row.owner} is no adapter failure`).toContain(row.owner.slice('adapter:'.length))
    return true
  }
  const contract = contractsById.get(row.owner)
  expect(contract, `${row.rule}: no contract has the id ${row.owner}`).toBeDefined()
  return contract!.port === port && exercised.includes(row.owner)
}

/** The mutant's adapter, shared by the rows that name it; a rule about answering in time waits 2 s for an answer, not 30. */
function adapterOf(row: RuleRow): Adapter {
  const timeoutMs = row.owner === 'adapter:timeout' ? 2_000 : 30_000
  const key = `${row.mutant} ${timeoutMs}`
  if (!adapters.has(key)) adapters.set(key, mutantAdapter(row.mutant, timeoutMs))
  return adapters.get(key)!
}
