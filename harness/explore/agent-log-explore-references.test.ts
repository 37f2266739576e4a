import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { casesTitle } from '#harness/__test-helpers__/explored-cases.ts'
import { tempFoldersInMemory } from '#harness/__test-helpers__/memory-temp-folders.ts'
import { pythonInterpreter } from '#harness/__test-helpers__/python-interpreter.ts'
import { agentLogExploreBudget, expectReferenceSurvives, referenceParts } from '#harness/explore/agent-log-explore-budget.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name
tempFoldersInMemory() // each case's sandbox and stores: no disk flush a commit (the Python agent log syncs every one)

// The other way of agent-log-explore.test.ts: the references survive the budget that finds every mutant, with nothing
// found — the TypeScript one and the Python one (examples/python, standard library only) over stdio, a process a case
// (and one more for every restart, or step after a kill -9), each started in its case's sandbox, since what a case
// proves is what a real process leaves on disk after a real kill -9; and the TypeScript one in process, where the cases
// it cannot observe (a kill, a restart) are skipped. The TypeScript one over stdio explores cases 1–5 here and 6–12 (the
// sixth: a thousand agents) in agent-log-explore-references-2.test.ts, on the other worker. The interpreter `python3`
// names is started by its own path, once found: a version manager's shim on PATH (pyenv's runs two bash scripts) cost
// more than Python itself at every start. A found case shrinks, byte for byte the same for the same seed, into a
// scenario file that replays broken with the same witness.

const { seed } = agentLogExploreBudget
const python = fileURLToPath(new URL('../../examples/python/contract_kit_reference.py', import.meta.url))
const saved = mkdtempSync(join(tmpdir(), 'contract-kit-agent-log-explore-'))
afterAll(() => rmSync(saved, { recursive: true, force: true }))

const references: Array<[string, () => Promise<void>]> = [
  [`agent-log/reference@stdio: ${casesTitle(referenceParts[0])}`, () => expectReferenceSurvives(resolveAdapter('agent-log/reference@stdio'), referenceParts[0])],
  ['the Python agent log (examples/python)', () => expectReferenceSurvives(createStdioAdapter({ name: 'python-agent-log', command: [pythonInterpreter(), python], timeoutMs: 30_000 }))],
  ['agent-log/reference (in process: cases it cannot observe are skipped)', () => expectReferenceSurvives(resolveAdapter('agent-log/reference'))],
]

describe.concurrent('agent-log explore finds nothing in the references', () => {
  test.for(references)('%s', { timeout: 300_000 }, async ([, survives]) => {
    await survives()
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
