import type { ExpectStatic } from 'vitest'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Adapter } from '#harness/adapters/adapter.ts'
import type { AdapterFailure } from '#harness/adapters/adapter-error.ts'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { readRuleTable } from '#harness/rules/rule-table.ts'
import type { RuleRow } from '#harness/rules/rule-table.ts'
import { contractsById } from '#harness/contracts/index.ts'
import { bundledScenarios } from '#harness/__test-helpers__/record-bundled-scenario.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import { compiledStdioAdapter } from '#harness/__test-helpers__/compiled-stdio-adapter.ts'
import { breaksOwner } from '#harness/__test-helpers__/explore-mutants.ts'
import { matchCaseId } from '#harness/scenario/match-case-id.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { keepRecording } from '#harness/__test-helpers__/run-recordings.ts'

/**
 * Where a rule row's mutant runs, and so which test file replays it: `in-process` (a mutant system of the pager, the
 * tool output or the snapshotter, in the kit's process), `session-client` (a session client's mutant, in process
 * against the kit's HTTP/2 server: rules about deadlines, back-offs and tries, judged by the clock), `stdio` (a
 * `stdio:`/`command:` program: a transport fault), `agent-log` (an agent-log mutant system, over stdio where the kit
 * can kill it).
 */
export type RuleRowGroup = 'in-process' | 'session-client' | 'stdio' | 'agent-log'

/** The rule table of docs/contracts.md, read once per test file. */
export const ruleTable: ReturnType<typeof readRuleTable> = readRuleTable(readFileSync(fileURLToPath(new URL('../../docs/contracts.md', import.meta.url)), 'utf8'))

const adapterFailures: readonly AdapterFailure[] = ['spawn', 'handshake', 'protocol', 'timeout', 'crashed', 'implementation']

/** Test helper: the group of a rule row (every row is in exactly one). */
export function groupOf(row: RuleRow): RuleRowGroup {
  if (/^(stdio|command):/.test(row.mutant)) return 'stdio'
  const port = portOfBundled(row.mutant)
  return port === 'agent-log' || port === 'session-client' ? port : 'in-process'
}

/** Test helper: the rows of one group, in table order, as `test.for` cases titled by rule id. */
export function rowsOf(group: RuleRowGroup): Array<readonly [string, RuleRow]> {
  return ruleTable.rows.filter((row) => groupOf(row) === group).map((row) => [row.rule, row] as const)
}

/** Test helper: whether a row's verdict is the clock's (adapter:timeout: its mutant's adapter waits 2 s for an answer, not 30). */
export function judgesTime(row: RuleRow): boolean {
  return row.owner === 'adapter:timeout'
}

/**
 * Test helper: the proof of one row — every scenario pattern it names matches a bundled scenario, one of them
 * exercises its owner, and its mutant, replayed on them in turn (in the order the row names them), breaks the owner
 * in one. The mutant runs with a connection of its own, closed at the end: a process left open would keep the kit's
 * /proc sampler reading every 100 ms for the rest of the file.
 */
export async function expectMutantBreaksOwner(row: RuleRow, expect: ExpectStatic): Promise<void> {
  // in the order the row names them (the scenario it names first is the one built for it): the first that breaks ends it
  const named = (id: string) => row.scenarios.findIndex((pattern) => matchCaseId(pattern, id))
  const matched = bundledScenarios.filter((s) => named(s.id) !== -1).sort((a, b) => named(a.id) - named(b.id))
  for (const pattern of row.scenarios) expect(bundledScenarios.some((s) => matchCaseId(pattern, s.id)), `${row.rule}: ${pattern} matches no bundled scenario`).toBe(true)
  const exercising = matched.filter((s) => exercises(row, s.exercises, s.scenario.port, expect))
  expect(exercising.map((s) => s.id), `${row.rule} (docs/contracts.md:${row.line}): no scenario named exercises ${row.owner}`).not.toEqual([])
  const adapter = adapterOf(row)
  const pool = new ConnectionPool()
  const seen: string[] = []
  try {
    for (const loaded of exercising) {
      const outcome = await replayScenario(loaded, { adapter, pool, expectations: [], keepHistories: true })
      // a session client's mutant runs on the clock: session-contracts.after-suites.test.ts judges the same run
      if (groupOf(row) === 'session-client' && outcome.history) keepRecording(row.mutant, loaded.id, outcome.history)
      if (breaksOwner(row, outcome)) return
      seen.push(`${loaded.id}: ${outcome.verdict}${outcome.error ? ` (${outcome.error.message.split('\n')[0]})` : ''}; ${row.owner} ${outcome.contracts.find((c) => c.id === row.owner)?.verdict ?? '-'}`)
    }
  } finally {
    await pool.closeAll()
  }
  expect.fail(`${row.rule} (docs/contracts.md:${row.line}): ${row.mutant} does not break ${row.owner} in any scenario named:\n  ${seen.join('\n  ')}`)
}

/** Whether a scenario (its exercised contracts and port) exercises a row's owner: a contract it exercises, or any scenario of the port for a transport rule. */
function exercises(row: RuleRow, exercised: readonly string[], port: string, expect: ExpectStatic): boolean {
  if (row.owner.startsWith('adapter:')) {
    expect(adapterFailures, `${row.rule}: ${row.owner} is no adapter failure`).toContain(row.owner.slice('adapter:'.length))
    return true
  }
  const contract = contractsById.get(row.owner)
  expect(contract, `${row.rule}: no contract has the id ${row.owner}`).toBeDefined()
  return contract!.port === port && exercised.includes(row.owner)
}

/**
 * The mutant's adapter (each row names a mutant of its own): an agent-log mutant system served by the compiled kit
 * over stdio (as mutantAdapter serves it from a bundle of the sources, in half the CPU a start), any other as
 * mutantAdapter makes it; a rule about answering in time waits 2 s for an answer, not 30.
 */
function adapterOf(row: RuleRow): Adapter {
  const timeoutMs = judgesTime(row) ? 2_000 : 30_000
  return groupOf(row) === 'agent-log' ? compiledStdioAdapter(row.mutant, timeoutMs) : mutantAdapter(row.mutant, timeoutMs)
}
