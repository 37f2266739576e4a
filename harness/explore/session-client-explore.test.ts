import { afterAll, describe, expect, test } from 'vitest'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { portOfBundled } from '#harness/adapters/shipped-systems.ts'
import { sessionClientMutants } from '#fixtures/systems/session-client/mutants/index.ts'
import { breaksOwner, mutantsOfPort } from '#harness/__test-helpers__/explore-mutants.ts'
import { mutantAdapter } from '#harness/__test-helpers__/mutant-adapter.ts'
import type { PortName } from '#harness/adapters/adapter.ts'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { explorePort } from '#harness/explore/explore-port.ts'
import { sessionClientExploreBudget } from '#harness/explore/session-client-explore-budget.ts'
import { foundScenarioFile } from '#harness/explore/found-scenario.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { replayScenario } from '#harness/runner/replay-scenario.ts'
import { shellWord } from '#harness/runner/shell-word.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

await loadShippedSystems() // the bundled systems these tests name

// Exploration proven both ways on the session-client port, against the kit's real HTTP/2 server on loopback: every
// mutant (the rule table's and the bundled ones it does not name) is found by the explorer alone — no bundled
// scenario drawn — breaking the contract it was built to break. The mutant runs stop at the first case found (at seed
// 1 each is found within its first 30 cases). The references survive the same seed with nothing found:
// session-client-explore-references.test.ts (the kit's own, in process and as a command) and
// session-client-explore-third-party.test.ts (three HTTP/2 stacks the kit did not write) — files of their own, so the
// three explorations run side by side on two workers rather than one after another.

const { seed, mutantRuns } = sessionClientExploreBudget
const portOfMutant = (mutant: string): PortName | undefined => (/^(command|stdio):/.test(mutant) ? (mutant.includes('/session-client/') ? 'session-client' : undefined) : portOfBundled(mutant))
const rows = mutantsOfPort('session-client', portOfMutant)
const others = sessionClientMutants.filter((m) => !rows.some((r) => r.mutant === m.name)).map((m) => ({ rule: '-', owner: m.breaks, scenarios: [], mutant: m.name, line: 0 }))
const saved = mkdtempSync(join(tmpdir(), 'contract-kit-session-client-explore-'))
afterAll(() => rmSync(saved, { recursive: true, force: true }))

describe.concurrent('session-client explore finds every mutant', () => {
  test('the rule table names the session-client mutants', () => expect(rows.length).toBeGreaterThanOrEqual(20))

  test.for([...rows, ...others].map((row) => [row.mutant, row] as const))('%s', { timeout: 120_000 }, async ([, row]) => {
    const exploration = await explorePort({ adapter: mutantAdapter(row.mutant), port: 'session-client', runs: mutantRuns, seed, shrink: false, failsWhen: (outcome) => breaksOwner(row, outcome) })
    expect(exploration.found, `${row.mutant}: nothing breaking ${row.owner} in ${exploration.cases} cases`).toBeDefined()
    expect(breaksOwner(row, exploration.found!.outcome)).toBe(true)
  })
})

describe('a case found in the pre-fix client (session-client/dep-8516)', () => {
  test('is the same file, byte for byte, for the same seed, and replays from that file as broken with the same witness', { timeout: 120_000 }, async () => {
    const adapter = resolveAdapter('session-client/dep-8516')
    const explore = () => explorePort({ adapter, port: 'session-client', runs: 100, seed })
    const [first, second] = [await explore(), await explore()]
    expect(first.found, 'the pre-fix client is found').toBeDefined()
    const files = [first, second].map((e) => foundScenarioFile({ ...e, found: e.found! }, saved, shellWord))
    expect(files[1]!.text).toBe(files[0]!.text)
    // written as generated: a seeded reply by its shape, which the schema generates again
    expect(files[0]!.text).toMatch(/reply:\n\s+seed: \d+\n\s+lines: \d+/)
    mkdirSync(join(saved, 'session-client'), { recursive: true })
    writeFileSync(files[0]!.path, files[0]!.text)
    const loaded = (await loadScenarios(saved)).find((s) => s.id === files[0]!.id)
    expect(loaded, files[0]!.text).toBeDefined()
    const pool = new ConnectionPool()
    const replayed = await replayScenario(loaded!, { adapter, pool, expectations: [], noExpectations: true }).finally(() => pool.closeAll())
    const witnesses = (contracts: typeof replayed.contracts) => contracts.filter((c) => c.verdict === 'broken').map((c) => [c.id, c.witness])
    expect(replayed.verdict).toBe('broken')
    expect(witnesses(replayed.contracts)).toEqual(witnesses(first.found!.outcome.contracts))
  })
})
