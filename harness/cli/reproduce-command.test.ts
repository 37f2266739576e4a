import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reproduceCommand } from '#harness/cli/reproduce-command.ts'
import { UsageError } from '#harness/cli/usage-error.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { runKit, type KitExit } from '#harness/__test-helpers__/run-kit.ts'

const fullRun = 180_000

/** Runs `contract-kit reproduce …` as a user would, in a process of its own from the package root, and returns how it ended. */
const reproduce = (...args: string[]): Promise<KitExit> => runKit(['reproduce', ...args], { timeoutMs: fullRun - 10_000 })

/** The usage error `reproduceCommand(args)` throws (before running anything), or a failure when it does not. */
async function usageError(...args: string[]): Promise<string> {
  try {
    await reproduceCommand(args)
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError)
    const message = (error as Error).message
    expect(message.split('\n')).toHaveLength(1)
    return message
  }
  throw new Error(`reproduce ${args.join(' ')} did not refuse`)
}

let tmp: string
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-reproduce-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

describe('contract-kit reproduce', () => {
  it('refuses an unknown bug id in one line that lists the known ones (exit 2 through main)', async () => {
    expect(await usageError('PLAT-999')).toBe('reproduce: unknown bug id "PLAT-999": expected one of analysis-result-budget, DEP-8516, PLAT-200, PLAT-114')
    expect(await usageError('regressions/dep-8516')).toMatch(/^reproduce: unknown bug id "regressions\/dep-8516": expected one of /)
  })

  it('wants exactly one bug id and knows only --out', async () => {
    expect(await usageError()).toBe('reproduce: expected one bug id (analysis-result-budget, DEP-8516, PLAT-200, PLAT-114), got none')
    expect(await usageError('DEP-8516', 'PLAT-114')).toMatch(/^reproduce: expected one bug id .*, got "DEP-8516" "PLAT-114"$/)
    expect(await usageError('DEP-8516', '--adapter', 'pager/reference')).toMatch(/Unknown option '--adapter'.*\(see contract-kit help\)$/)
    expect(await usageError('DEP-8516', '--out')).toMatch(/--out/)
  })

  it(
    'the issue: analysis-result-budget breaks on the pre-fix pager and holds on the reference, side by side (exit 0)',
    async () => {
      const out = join(tmp, 'arb')
      const run = await reproduce('ANALYSIS-result-budget', '--out', out)
      expect(run.code, run.stdout + run.stderr).toBe(0)
      expect(run.stderr).toMatch(/^contract-kit: reproducing analysis-result-budget: 8 cases on pager\/analysis-result-budget, pager\/reference…$/m)
      const lines = run.stdout.trimEnd().split('\n')
      expect(lines.slice(0, 3)).toEqual([
        'analysis-result-budget — Analysis pagination can exceed the capability retained-result limit',
        'pre-fix pager/analysis-result-budget → reference pager/reference, 8 cases',
        'see docs/bugs.md#analysis-result-budget',
      ])
      const defaultRead = lines.slice(lines.indexOf('regressions/analysis-result-budget/default-read'))
      expect(defaultRead[2]).toMatch(/^ {2}pre-fix {4}broken {2}size\/page-fits-ceilings: the page read at event 2 .*/)
      expect(defaultRead).toContain('             witness {"event":2,"step":0,"request":{"collection":"model-exchanges"},"page":{"items":24,')
      expect(defaultRead).toContain('               "first":"cap-0001","last":"cap-0233",…},"measure":"retained-bytes","value":922232,"max":262144}')
      expect(defaultRead).toContain(
        '             Reproduce with: npx contract-kit run --adapter pager/analysis-result-budget --scenario regressions/analysis-result-budget/default-read --no-expectations',
      )
      // the reference held, with the evidence of the contract the pre-fix pager broke first
      expect(defaultRead.slice(0, defaultRead.indexOf('')).find((l) => l.startsWith('  reference  held'))).toMatch(/^ {2}reference {2}held {2}size\/page-fits-ceilings held: \d+ pages? of items measured/)
      expect(run.stdout).toContain('\nReproduced: 4 of 8 cases broken on the pre-fix system, all 8 held on the reference.\n')

      // The reports stay for the person: both systems' runs, whole witnesses, and every History.
      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResults
      expect(results.counts).toMatchObject({ runs: 16, held: 12, broken: 4 })
      expect(new Set(results.runs.map((r) => r.adapter))).toEqual(new Set(['pager/analysis-result-budget', 'pager/reference']))
      expect(results.runs.every((r) => r.reproduces === 'analysis-result-budget' && r.history !== undefined)).toBe(true)
      const broken = results.runs.find((r) => r.scenario.endsWith('/default-read') && r.adapter === 'pager/analysis-result-budget')!
      expect(broken.contracts.find((c) => c.id === 'size/page-fits-ceilings')).toMatchObject({ verdict: 'broken', witness: { page: { items: 24 }, value: 922232, max: 262144 } })
      const histories = await readdir(join(out, 'histories'), { recursive: true })
      expect(histories.filter((f) => f.endsWith('.json'))).toHaveLength(16)
    },
    fullRun,
  )
})
