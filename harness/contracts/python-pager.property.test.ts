import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { pagerCase } from '#harness/arbitraries/pager-case.ts'
import type { PagerCase } from '#harness/arbitraries/pager-case.ts'
import type { Connection } from '#harness/adapters/adapter.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { drivePager, pagerHistory } from '#harness/drivers/pager/drive-pager.ts'
import { HistoryRecorder } from '#harness/history/history-recorder.ts'
import type { PagerHistory as History } from '#harness/history/history.ts'
import { judgeHistory } from '#harness/runner/judge-history.ts'
import { resultLine } from '#harness/contracts/contract.ts'
import type { ContractOutcome } from '#harness/expectations/decide-verdict.ts'
import { pagerReads } from '#harness/contracts/pager/pager-reads.ts'
import { pagerCaseOracle } from '#harness/arbitraries/replay-pager-case.ts'
import { pagerCaseExercises } from '#harness/arbitraries/pager-case-exercises.ts'
import { pagerCaseFailures } from '#harness/arbitraries/pager-case-failures.ts'

// The property of pager-contracts.property.test.ts (a pager breaks no contract over random runs, ceilings and limits),
// held by the Python reference of examples/python/ over the stdio protocol: one process for the whole file, set up
// again for each case. Seeds are fixed, so every run draws the same cases. Deliberately broken copies of the Python
// pager, made in a temp folder, show that the property catches them.

const script = fileURLToPath(new URL('../../examples/python/contract_kit_reference.py', import.meta.url))
const examples = fileURLToPath(new URL('../../examples/python/', import.meta.url))
const seed = 0x004_e7cf9
const runs = 100
const mutantSeed = 0x3a7a_17e5
const mutantRuns = 100
const collection = 'model-exchanges'
const adapterName = 'stdio:python3 examples/python/contract_kit_reference.py'

/** One-line edits of examples/python/pager.py, each breaking one contract, as the TypeScript pager mutants do. */
const pythonMutants = [
  { name: 'limit-plus-one', breaks: 'size/limit-is-upper-bound', find: 'while count < limit and', replace: 'while count <= limit and' },
  {
    name: 'unmeasured-metadata',
    breaks: 'size/page-fits-ceilings',
    find: 'self.page([], cursor_at(0, 1)), self.page([], None)',
    replace: '{"items": [], "cursor": cursor_at(0, 1)}, {"items": [], "cursor": None}',
  },
  { name: 'stalls-on-oversized', breaks: 'size/oversized-item-fails-cleanly', find: 'cursor=self.hand_out(cursor_at(start + 1, total))', replace: 'cursor=self.hand_out(cursor_at(start, total))' },
  { name: 'last-output-wins', breaks: 'recovery/items-as-derived', find: 'outputs.setdefault(call_id, record["payload"])', replace: 'outputs[call_id] = record["payload"]' },
  { name: 'serves-any-collection', breaks: 'recovery/unknown-collection-refused', find: 'if name not in COLLECTIONS:', replace: 'if name is None:' },
]

/** Starts the Python program at `path` over stdio (no shell, so no quoting of the path) and completes the handshake. */
function openPython(path: string): Promise<Connection> {
  return createStdioAdapter({ name: adapterName, command: ['python3', path] }).open()
}

/** Replays a case through the pager driver on a live connection (the path the suite takes) and returns its History. */
async function replay(connection: Connection, pagerCase: PagerCase): Promise<History> {
  const oracle = pagerCaseOracle(pagerCase)
  const previous = pagerCase.previous ? { previous: { name: 'property/previous-run', records: pagerCase.previous } } : {}
  const recorder = await drivePager(connection, { records: pagerCase.records, ceilings: pagerCase.ceilings, oracle, steps: pagerCase.steps, ...previous }, new HistoryRecorder())
  // A crash, a timeout or a stray stdout line is a failure of the Python program, whatever the contracts say.
  const stopped = recorder.events.find((e) => e.type === 'note' && e.what === 'stopped: the adapter failed')
  if (stopped) throw new Error(`the Python pager failed: ${JSON.stringify(stopped)}\nstderr: ${connection.stderr().slice(-2000)}`)
  return pagerHistory(
    {
      scenario: 'property/python-pager-case',
      adapter: adapterName,
      system: connection.system,
      fixture: null,
      ceilings: pagerCase.ceilings,
      oracle,
      steps: pagerCase.steps,
      exercises: pagerCaseExercises(pagerCase),
      observes: [...connection.observes],
      expectations: [],
      stderr: connection.stderr(),
    },
    recorder,
  )
}

/** The outcomes the property fails on (pager-case-failures.ts): broken, or not held where the case gave evidence. */
function failuresOf(history: History, only?: string): ContractOutcome[] {
  return pagerCaseFailures(history, judgeHistory(history).contracts).filter((o) => only === undefined || o.id === only)
}

function describeOutcome(o: ContractOutcome): string {
  return `${o.id} ${o.verdict}: ${resultLine(o)}`
}

/** The property on one connection: the case breaks no contract (or no contract `only`). */
const keepsContracts = (connection: () => Connection, tally?: { refused: number; multiPageWalk: number }, only?: string) => async (pagerCase: PagerCase) => {
  const history = await replay(connection(), pagerCase)
  const failures = failuresOf(history, only)
  if (failures.length > 0) throw new Error(`${failures.map(describeOutcome).join('\n')}\nceilings: ${JSON.stringify(pagerCase.ceilings)}\nsteps: ${JSON.stringify(pagerCase.steps)}`)
  if (tally) {
    const reads = pagerReads(history)
    if (reads.some((r) => r.outcome.kind === 'error' && r.outcome.code === 'result_limit_exceeded')) tally.refused++
    if (reads.filter((r) => r.stepKind === 'walk' && r.outcome.kind === 'page').length > 1) tally.multiPageWalk++
  }
}

describe('the Python reference pager (examples/python/) over stdio, as a property over random runs, ceilings and limits', () => {
  let python: Connection | undefined
  beforeAll(async () => {
    python = await openPython(script)
  })
  afterAll(async () => {
    await python?.close()
  })

  test(`keeps every contract in ${runs} runs`, { timeout: 60_000 }, async () => {
    expect(python!.system.ports).toContain('pager')
    const tally = { refused: 0, multiPageWalk: 0 }
    await fc.assert(fc.asyncProperty(pagerCase(), keepsContracts(() => python!, tally)), { numRuns: runs, seed })
    // Not vacuous: with this seed 71 of the runs refuse an oversized item and 38 walk more than one page.
    expect(tally.refused).toBeGreaterThan(runs * 0.5)
    expect(tally.multiPageWalk).toBeGreaterThan(runs * 0.3)
  })

  test.for(pythonMutants)('catches a copy of the Python pager broken by $name ($breaks)', { timeout: 60_000 }, async (mutant) => {
    const folder = mkdtempSync(join(tmpdir(), 'contract-kit-python-mutant-'))
    let broken: Connection | undefined
    try {
      for (const file of readdirSync(examples).filter((f) => f.endsWith('.py'))) copyFileSync(join(examples, file), join(folder, file))
      const source = readFileSync(join(folder, 'pager.py'), 'utf8')
      expect(source.split(mutant.find).length - 1, `pager.py holds "${mutant.find}" once: update the mutant if pager.py changed`).toBe(1)
      writeFileSync(join(folder, 'pager.py'), source.replace(mutant.find, mutant.replace))
      broken = await openPython(join(folder, 'contract_kit_reference.py'))
      const caught = await fc.check(fc.asyncProperty(pagerCase(), keepsContracts(() => broken!, undefined, mutant.breaks)), {
        numRuns: mutantRuns,
        seed: mutantSeed,
        endOnFailure: true,
      })
      expect(caught.failed, `${mutant.breaks} held on the ${mutant.name} copy in ${mutantRuns} runs (seed ${mutantSeed})`).toBe(true)
      expect(String(caught.errorInstance)).toContain(`${mutant.breaks} broken`)
    } finally {
      await broken?.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })
})
