import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { resolveAdapter } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'
import { recordScenario } from '#harness/runner/replay-scenario.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import type { SystemInfo } from '#harness/adapters/adapter.ts'
import { suiteHistory } from '#harness/__test-helpers__/suite-history.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import type { LoadedScenario } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'

// Same verdicts, any transport (issue 25): every bundled scenario of the server-side ports replayed on each port's
// reference, and the scenarios a mutant breaks on one mutant per port, in process, over stdio (`@stdio`) and over HTTP
// (`@http`: serve-http, a service the kit starts and owns, so kills and restarts run too), must come back with the same
// verdict and, contract by contract, the same verdict and the same evidence. In process the kit cannot kill the system
// nor see the files it writes: such a run is untestable there, and such a contract not-applicable (its reason says so);
// both are compared between the transports that could judge them, and counted in the table. The agent log's evidence
// carries the clock (how far apart two starts were) and what SQLite left on disk at a kill (its -wal and -shm files, or
// not): there, each contract's verdict is compared, not its words. A run the contract suites of this `npm test` made
// (the references in process and over stdio) is judged from the History they wrote; the others are recorded here.

const transports = ['in process', 'stdio', 'http'] as const
type TransportName = (typeof transports)[number]

const pool = new ConnectionPool()
let scenarios: LoadedScenario[] = []

/** The adapter name of a system over a transport. */
function adapterName(system: string, transport: TransportName): string {
  if (transport === 'stdio') return `${system}@stdio`
  if (transport === 'http') return `${system}@http`
  return system
}

/** Why a contract was not judged where the kit cannot observe what it needs (in process: the files written). */
const unobservable = /^the kit cannot observe /

/** What one run came to: the system as the History has it, its verdict and every contract's result. */
interface Judged {
  system: SystemInfo | null
  verdict: string
  contracts: ContractOutcome[]
}

/** One scenario on one system over one transport: judged from the suites' History when they made the run, else recorded now (on the file's pool, no expectations). */
async function run(loaded: LoadedScenario, system: string, transport: TransportName): Promise<Judged> {
  const name = adapterName(system, transport)
  const { history } = await suiteHistory(name, loaded.id, async () => (await recordScenario(loaded, resolveAdapter(name), pool)).history)
  const judgement = judgeHistory(history, [])
  return { system: history.system, verdict: judgement.verdict, contracts: judgement.contracts }
}

/**
 * Each contract's verdict and evidence (or why it was not judged) in a run, but those its transport could not observe,
 * without what differs with every run whatever the transport: process ids (written in the order they first appear,
 * `pid#1`, `pid#2`…), the random part of a temporary folder's name, and the clock's time.
 */
function judged(outcome: Judged): Map<string, unknown> {
  const pids = [...new Set([outcome.system?.pid, ...outcome.contracts.flatMap((c) => (('figures' in c ? c.figures : undefined) as { pids?: number[] } | undefined)?.pids ?? [])])].filter((pid) => pid !== undefined)
  const named = (pid: number) => `pid#${pids.indexOf(pid) + 1}`
  const anonymous = (value: unknown): unknown => {
    if (typeof value === 'number') return pids.includes(value) ? named(value) : value
    if (typeof value === 'string') {
      const timeless = value.replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z/g, '<time>').replace(/((?:contract-kit-[a-z-]+|sandbox)-)[A-Za-z0-9]{6}\b/g, '$1XXXXXX')
      return pids.reduce((text, pid) => text.replace(new RegExp(`\\b${pid}\\b`, 'g'), named(pid)), timeless)
    }
    if (Array.isArray(value)) return value.map(anonymous)
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, anonymous(v)]))
    return value
  }
  return new Map(outcome.contracts.filter((c) => !(c.verdict === 'not-applicable' && unobservable.test(c.reason ?? ''))).map((c) => [c.id, anonymous(c)]))
}

/** A system compared on the scenarios named (a mutant: those it breaks, which the test asserts), not on every scenario of its port. */
export interface ComparedOn {
  system: string
  breaks: readonly string[]
}

/**
 * Test helper: declares, for each system, a test replaying every bundled scenario of its port (or, for a mutant, the
 * ones it breaks) in process, over stdio and over HTTP and asserting the same verdicts (and, but for the agent log, the
 * same evidence); prints the table.
 */
export function declareTransportEquivalence(systems: readonly (string | ComparedOn)[]): void {
  // loading every port's systems, and ending every process and service the file started (each given its grace
  // period), can take longer than vitest's default 10 s on a busy machine
  beforeAll(async () => {
    await loadShippedSystems()
    scenarios = await loadScenarios(scenarioRoot)
  }, 60_000)
  afterAll(() => pool.closeAll(), 60_000)
  const table: string[] = ['| system | scenarios compared | same on all three | untestable in process, same over stdio and HTTP | contracts compared | contracts unobservable in process | compared by |', '| --- | --- | --- | --- | --- | --- | --- |']
  describe('transport equivalence: the same verdicts and evidence in process, over stdio and over HTTP', () => {
    test.for(systems.map((s) => (typeof s === 'string' ? { system: s } : s)))('$system', { timeout: 300_000 }, async ({ system, breaks }: { system: string; breaks?: readonly string[] }) => {
      const port = system.split('/')[0]!
      const own = scenarios.filter((s) => s.scenario.port === port && (breaks?.includes(s.id) ?? true))
      // a mutant: every scenario named is one of its port's; a reference: its port has scenarios enough to compare
      if (breaks) expect(own.map((s) => s.id).sort()).toEqual([...breaks].sort())
      else expect(own.length).toBeGreaterThan(5)
      let same = 0
      let untestable = 0
      let compared = 0
      let unobserved = 0
      for (const loaded of own) {
        const outcomes = new Map<TransportName, Judged>()
        for (const transport of transports) outcomes.set(transport, await run(loaded, system, transport))
        const ran = transports.filter((t) => outcomes.get(t)!.verdict !== 'untestable')
        expect(ran, `${loaded.id} on ${system}: stdio and HTTP run every scenario`).toEqual(expect.arrayContaining(['stdio', 'http']))
        const stdio = outcomes.get('stdio')!
        if (breaks) expect(stdio.verdict, `${loaded.id} on ${system}: a mutant is compared where it breaks`).toBe('broken')
        for (const transport of ran) {
          const mine = outcomes.get(transport)!
          expect(mine.verdict, `${loaded.id} on ${system}: ${transport}'s verdict against stdio's`).toBe(stdio.verdict)
          const [theirs, ours] = [judged(stdio), judged(mine)]
          for (const [id, outcome] of ours) {
            const expected = theirs.get(id) as { verdict: string } | undefined
            if (port === 'agent-log') expect((outcome as { verdict: string }).verdict, `${loaded.id} on ${system}: ${id} ${transport} against stdio`).toBe(expected?.verdict)
            else expect(outcome, `${loaded.id} on ${system}: ${id} ${transport} against stdio`).toEqual(expected)
          }
          if (transport === 'http') expect([...ours.keys()], `${loaded.id} on ${system}: HTTP judges what stdio judges`).toEqual([...theirs.keys()])
          if (transport === 'in process') unobserved += theirs.size - ours.size
          compared += ours.size
        }
        if (ran.length === transports.length) same++
        else untestable++
      }
      table.push(`| ${system} | ${own.length} | ${same} | ${untestable} | ${compared} | ${unobserved} | ${port === 'agent-log' ? 'verdict' : 'verdict and evidence'} |`)
      if (table.length - 2 === systems.length) console.log(`transport equivalence:\n${table.join('\n')}`)
    })
  })
}
