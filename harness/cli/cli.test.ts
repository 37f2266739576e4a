import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunResults } from '#harness/reporters/run-results.ts'
import type { History } from '#harness/history/history.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { selectScenarios } from '#harness/scenario/select-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { compiledStdioCommand, runKit, type KitExit as Exit } from '#harness/__test-helpers__/run-kit.ts'
import { sharedPromise } from '#harness/__test-helpers__/shared-promise.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'

// `contract-kit run` and `judge` as a user runs them, through the compiled CLI. What it spawns, and why: three kit
// runs side by side (each a vitest of its own, the pager suite file only) — the pre-fix pager without expectations
// (exit 1), the pre-fix pager with them beside the reference three ways (exit 0: one run for everything that must
// pass), and the two stdio implementations that end in error (exit 1: one run, a case each) — and judge twice, on
// Histories those runs kept. Every stdio case starts its implementation: the compiled one, as a user's kit starts it.

await loadShippedSystems() // the bundled systems these tests name

const root = fileURLToPath(new URL('../../', import.meta.url))

const regressed = 'pager/analysis-result-budget'
const reference = 'pager/reference'
const pattern = 'regressions/analysis-result-budget/**'
const fullRun = 120_000

/** Runs `contract-kit …` as a user would (`node bin/contract-kit.js …` from the package root) and returns how it ended. */
const kit = (...args: string[]): Promise<Exit> => runKit(args, { timeoutMs: fullRun - 10_000 })

/** A word quoted for the `stdio:` command line (shell quoting, no shell). */
const quote = (word: string) => `'${word.replace(/'/g, `'\\''`)}'`

const readJson = async <T>(file: string): Promise<T> => JSON.parse(await readFile(file, 'utf8')) as T

const runsOf = (results: RunResults, adapter: string) => results.runs.filter((r) => r.adapter === adapter)

let tmp: string
let selected: string[]

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-'))
  selected = selectScenarios(await loadScenarios(scenarioRoot), [pattern]).map((s) => s.id)
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

/**
 * One run of both stdio implementations that end in error, on one case each: one that prints a banner on stdout, and
 * one that crashes at setup (exit 1). Each test below reads its own implementation's run.
 */
const stdioErrors = sharedPromise(async () => {
  const banner = 'Banner Pager 1.0 ready — type help'
  const script = join(tmp, 'banner-pager.mjs')
  await writeFile(
    script,
    `import { createInterface } from 'node:readline'
process.stdout.write(${JSON.stringify(banner + '\n')})
for await (const line of createInterface({ input: process.stdin, crlfDelay: Infinity })) {
  const { id, method } = JSON.parse(line)
  const result = method === 'initialize' ? { name: 'banner-pager', ports: ['pager'] } : null
  process.stdout.write(JSON.stringify({ jsonrpc: '2.0', id, result }) + '\\n')
}
`,
  )
  const bannerAdapter = `stdio:${quote(process.execPath)} ${quote(script)}`
  const crashAdapter = `stdio:${quote(process.execPath)} ${quote(join(root, 'fixtures/systems/silent/crashes-at-setup.mjs'))} pager`
  const out = join(tmp, 'stdio-errors')
  const run = await kit('run', '--adapter', bannerAdapter, '--adapter', crashAdapter, '--scenario', 'regressions/analysis-result-budget/six-turns', '--out', out)
  const results = await readJson<RunResults>(join(out, 'results.json'))
  return { run, out, results, banner, bannerAdapter, crashAdapter }
})

describe.concurrent('contract-kit run', () => {
  it(
    'the issue: the pre-fix pager breaks size/page-fits-ceilings with a witness (exit 1), and judge reads its History again',
    async () => {
      const out = join(tmp, 'acceptance')
      const run = await kit('run', '--adapter', regressed, '--scenario', pattern, '--no-expectations', '--out', out)
      expect(run.code, run.stderr).toBe(1)

      const results = await readJson<RunResults>(join(out, 'results.json'))
      expect(results.passed).toBe(false)
      expect(run.stdout).toContain(`contract-kit: ${results.counts.runs} runs:`)
      expect(results.runs.map((r) => [r.adapter, r.scenario])).toEqual(selected.map((id) => [regressed, id]))

      // the pre-fix pager: a page over the retained-size ceiling, with the page, the measure, the value and the ceiling
      const failing = results.runs.find((r) => r.scenario === 'regressions/analysis-result-budget/default-read')!
      expect(failing.verdict).toBe('broken')
      expect(failing.reproduce).toBe(`npx contract-kit run --adapter ${regressed} --scenario regressions/analysis-result-budget/default-read --no-expectations`)
      const fits = failing.contracts.find((c) => c.id === 'size/page-fits-ceilings')!
      if (fits.verdict !== 'broken') throw new Error(`size/page-fits-ceilings ${fits.verdict} on the pre-fix pager`)
      expect(fits.expectedBy).toBeUndefined()
      expect(fits.witness).toMatchObject({
        event: expect.any(Number),
        request: { collection: 'model-exchanges' },
        page: { items: expect.any(Number), first: expect.stringMatching(/\S/), last: expect.stringMatching(/\S/), cursor: expect.any(String) },
        measure: 'retained-bytes',
        value: expect.any(Number),
        max: 262144,
      })
      const witness = fits.witness as { value: number; max: number; page: { items: number } }
      expect(witness.value).toBeGreaterThan(witness.max)
      expect(witness.page.items).toBeGreaterThan(0)
      expect(fits.message).toContain(`measures retained-bytes ${witness.value}, over its ceiling 262144`)

      // every run that did not hold kept its History; every page over a ceiling is measured over it
      for (const r of results.runs) {
        expect(r.history === undefined, r.scenario).toBe(r.verdict === 'held')
        if (r.history) expect(existsSync(join(out, r.history)), r.history).toBe(true)
        for (const c of r.contracts) {
          if (c.id === 'size/page-fits-ceilings' && c.verdict === 'broken') expect(c.witness.value as number).toBeGreaterThan(c.witness.max as number)
        }
      }

      // the other reports
      const junit = await readFile(join(out, 'junit.xml'), 'utf8')
      expect(junit).toMatch(/^<\?xml /)
      expect(junit).toContain(`<testcase classname="${regressed}" name="regressions/analysis-result-budget/default-read">`)
      expect(junit).toContain('type="broken"')
      const summary = await readFile(join(out, 'summary.md'), 'utf8')
      expect(summary).toMatch(/^# contract-kit: FAILED\n/)
      expect(summary).toContain('### regressions/analysis-result-budget/default-read on pager/analysis-result-budget: broken')
      expect(summary).toContain(`Reproduce with:\n\n\`\`\`sh\n${failing.reproduce}\n\`\`\``)

      // its History, judged again offline
      expect(failing.history).toMatch(/^histories\//)
      const historyFile = join(out, failing.history!)
      const history = await readJson<History>(historyFile)
      expect(history).toMatchObject({ format: 'contract-kit/history@2', scenario: failing.scenario, adapter: regressed, exercises: failing.exercises })
      const judge = await kit('judge', historyFile)
      expect(judge.code, judge.stderr).toBe(1)
      expect(judge.stdout).toContain(`${failing.scenario} on ${regressed} (${historyFile}): broken`)
      expect(judge.stdout).toMatch(/^ {2}size\/page-fits-ceilings broken \(exercised\): .*measures retained-bytes \d+, over its ceiling 262144$/m)
      expect(judge.stdout).toMatch(/^ {4}witness: \{.*"measure":"retained-bytes".*"max":262144/m)
    },
    fullRun,
  )

  // One run for everything that must exit 0: an exit 0 means every run of every adapter passed (results.passed), so
  // each adapter alone would exit 0 too; the per-adapter checks below say which one did not.
  it(
    'with expectations the pre-fix pager is expected-broken exactly as its list says, and the same selection holds on the reference in process, over stdio and as a stdio: command line (exit 0)',
    async () => {
      const out = join(tmp, 'expected')
      const commandLine = `stdio:${compiledStdioCommand(reference).map(quote).join(' ')}`
      const references = [reference, `${reference}@stdio`, commandLine]
      // a generous per-call limit: these runs share the machine with the other tests
      const run = await kit('run', ...[regressed, ...references].flatMap((a) => ['--adapter', a]), '--scenario', pattern, '--timeout', '60000', '--out', out)
      expect(run.code, run.stdout + run.stderr).toBe(0)
      const results = await readJson<RunResults>(join(out, 'results.json'))
      expect(results.passed).toBe(true)
      expect(results.errors).toEqual([])
      expect(await readFile(join(out, 'summary.md'), 'utf8')).toMatch(/^# contract-kit: passed\n/)

      // the pre-fix pager: only held and expected-broken runs, every break listed with a reason, no stale entry
      const expected = runsOf(results, regressed)
      expect(expected.map((r) => r.scenario)).toEqual(selected)
      expect(expected.filter((r) => r.verdict === 'expected-broken').length).toBeGreaterThan(0)
      for (const r of expected) {
        expect(['held', 'expected-broken'], r.scenario).toContain(r.verdict)
        expect(r.stale, r.scenario).toEqual([])
        expect(r.reproduce).not.toContain('--no-expectations')
        for (const c of r.contracts) {
          if (c.verdict !== 'broken') continue
          expect(c.expectedBy?.source, `${r.scenario}:${c.id}`).toMatch(/^fixtures\/systems\/pager\/analysis-result-budget\.known-failing\.txt:\d+$/)
          expect(c.expectedBy?.reason.trim()).not.toBe('')
        }
      }

      // the reference, three ways: every run and every contract held, no History kept
      for (const adapter of references) {
        const runs = runsOf(results, adapter)
        expect(runs.map((r) => r.scenario), adapter).toEqual(selected)
        for (const r of runs) {
          expect(r.verdict, `${r.scenario} on ${adapter}`).toBe('held')
          for (const c of r.contracts) {
            // every exercised contract held, with its evidence; one the scenario does not exercise may have had nothing to judge
            const allowed = c.exercised ? ['held'] : ['held', 'not-applicable']
            expect(allowed, `${r.scenario}:${c.id} on ${adapter}`).toContain(c.verdict)
            if (c.verdict === 'held') expect(c.evidence.length, `${r.scenario}:${c.id}`).toBeGreaterThan(0)
          }
          expect(r.system?.name).toBe(reference)
          expect(r.history).toBeUndefined()
        }
      }
    },
    fullRun,
  )

  it(
    'a stdio implementation that prints a banner on stdout ends in error, quoting the banner (exit 1)',
    async () => {
      const { run, out, results, banner, bannerAdapter: adapter } = await stdioErrors()
      expect(run.code, run.stdout + run.stderr).toBe(1)
      expect(run.stderr).toContain(JSON.stringify(banner))
      expect(results.passed).toBe(false)
      expect(results.runs).toHaveLength(2) // this implementation's case and the crashing one's (the test below)
      expect(runsOf(results, adapter)).toHaveLength(1)
      const [only] = runsOf(results, adapter)
      expect(only).toMatchObject({ adapter, scenario: 'regressions/analysis-result-budget/six-turns', verdict: 'error' })
      expect(only.error?.message).toContain(JSON.stringify(banner))
      expect(only.error?.message).toMatch(/^protocol: .*stdout/)
      expect(only.history).toBeDefined()
      expect(existsSync(join(out, only.history!))).toBe(true)
      expect((await readFile(join(out, 'junit.xml'), 'utf8')).match(/type="error"/g)).toHaveLength(2) // both cases, as errors
      // no contract was judged on a run the adapter stopped: none held, none broken
      expect(only.contracts.map((c) => c.verdict)).toEqual(only.contracts.map(() => 'unknown'))
    },
    fullRun,
  )

  it(
    'a stdio implementation that crashes at setup: run says error with its stderr, and judge of its History gives the same verdict (exit 1 both)',
    async () => {
      const { run, out, results, crashAdapter } = await stdioErrors()
      expect(run.code, run.stdout + run.stderr).toBe(1)
      const [only, ...more] = runsOf(results, crashAdapter)
      expect(more).toEqual([])
      expect(only).toMatchObject({ verdict: 'error', error: { stderr: expect.stringContaining('crashes-at-setup: pager.setup') } })
      expect(only.contracts.filter((c) => c.verdict === 'held' || c.verdict === 'broken')).toEqual([])
      const judge = await kit('judge', join(out, only.history!))
      expect(judge.code, judge.stderr).toBe(1)
      expect(judge.stdout.split('\n')[0]).toMatch(/: error$/)
      expect(judge.stdout).toContain(`  error: ${only.error!.message}`)
      expect(judge.stdout).not.toMatch(/ (held|broken)[ :]/)
    },
    fullRun,
  )
})
