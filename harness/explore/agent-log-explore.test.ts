import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { agentLogMutants } from '#fixtures/systems/agent-log/mutants/index.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import type { Adapter, PortName } from '#harness/adapters/adapter.ts'
import { breaksOwner, mutantsOfPort } from '#harness/__test-helpers__/explore-mutants.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the agent-log port, over stdio with real kill -9 (a process per case): every mutant
// of the rule table is found by the explorer alone (no bundled scenario drawn), breaking the contract it was built to
// break; the references — TypeScript over stdio and in process, and the Python agent log — survive with nothing found.
// The mutant runs stop at the first case found (no shrinking: each shrink is a process too); a found case shrinks,
// byte for byte the same for the same seed, into a scenario file that replays broken with the same witness.

const seed = 1
/** The most cases a mutant may take to be found (at seed 1 each is found within its first 6 cases). */
const mutantRuns = 40
/** The cases each reference must survive here (a process each; `explore --runs 200` finds nothing in them either). */
const referenceRuns = 12
const python = fileURLToPath(new URL('../../examples/python/contract_kit_reference.py', import.meta.url))
const portOfMutant = (mutant: string): PortName | undefined => (mutant.startsWith('stdio:') ? (mutant.includes('/agent-log/') ? 'agent-log' : undefined) : portOfBundled(mutant))
const rows = mutantsOfPort('agent-log', portOfMutant)
const saved = mkdtempSync(join(tmpdir(), 'contract-kit-agent-log-explore-'))
afterAll(() => rmSync(saved, { recursive: true, force: true }))

describe.concurrent('agent-log explore finds every mutant of the rule table', () => {
  test('the rule table names every agent-log mutant, and the two of its stdio transport', () => {
    expect(rows.map((r) => r.mutant)).toEqual(expect.arrayContaining(agentLogMutants.map((m) => m.name)))
    expect(rows).toHaveLength(agentLogMutants.length + 2)
  })

  test.for(rows.map((row) => [row.mutant, row] as const))('%s', { timeout: 300_000 }, async ([, row]) => {
    const exploration = await explorePort({ adapter: mutantAdapter(row.mutant), port: 'agent-log', runs: mutantRuns, seed, shrink: false, failsWhen: (outcome) => breaksOwner(row, outcome) })
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${exploration.cases} cases`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })
})

const references: Array<[string, () => Adapter]> = [
  ['agent-log/reference@stdio', () => resolveAdapter('agent-log/reference@stdio')],
  ['the Python agent log (examples/python)', () => createStdioAdapter({ name: 'python-agent-log', command: ['python3', python], timeoutMs: 30_000 })],
  ['agent-log/reference (in process: cases it cannot observe are skipped)', () => resolveAdapter('agent-log/reference')],
]

describe.concurrent('agent-log explore finds nothing in the references', () => {
  test.for(references)('%s', { timeout: 300_000 }, async ([, adapter]) => {
    const exploration = await explorePort({ adapter: adapter(), port: 'agent-log', runs: referenceRuns, seed })
    const found = exploration.found
    expect(found && { verdict: found.outcome.verdict, error: found.outcome.error?.message, contracts: found.outcome.contracts.filter((c) => c.verdict !== 'held' && c.verdict !== 'not-applicable') }, JSON.stringify(found?.scenario)).toBeUndefined()
  })
})

describe('a found agent-log case', () => {
  test('is the same file, byte for byte, for the same seed, and replays as a scenario file broken with the same witness', { timeout: 120_000 }, async () => {
    const adapter = resolveAdapter('agent-log/plat-114')
    const explore = () => explorePort({ adapter, port: 'agent-log', runs: 100, seed })
    const [first, second] = [await explore(), await explore()]
    expect(first.found, 'the pre-fix agent log is found').toBeDefined()
    const files = [first, second].map((e) => foundScenarioFile({ ...e, found: e.found! }, saved, shellWord))
    expect(files[1]!.text).toBe(files[0]!.text)
    mkdirSync(join(saved, 'agent-log'), { recursive: true })
    writeFileSync(files[0]!.path, files[0]!.text)
    const loaded = (await loadScenarios(saved)).find((s) => s.id === files[0]!.id)
    expect(loaded, files[0]!.text).toBeDefined()
    const pool = new ConnectionPool()
    const replayed = await replayScenario(loaded!, { adapter, pool, expectations: [], noExpectations: true }).finally(() => pool.closeAll())
    // the same witness: the same contracts, agents, steps and fields — the times a record holds are the run's own
    const witness = (contracts: typeof replayed.contracts) => JSON.parse(JSON.stringify(contracts.filter((c) => c.verdict === 'broken').map((c) => [c.id, c.witness])).replace(/"\d{4}-\d\d-\d\dT[\d:.]+Z"/g, '"<time>"'))
    expect(replayed.verdict).toBe('broken')
    expect(witness(replayed.contracts)).toEqual(witness(first.found!.outcome.contracts))
  })
})
