import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { packageRoot } from '#harness/package/package-root.ts'
import { runKit } from '#harness/__test-helpers__/run-kit.ts'
import type { KitExit } from '#harness/__test-helpers__/run-kit.ts'
import type { RunResults } from '#harness/reporters/run-results.ts'

// `contract-kit explore` as a user runs it: it finds the pre-fix pager's bug within a small budget, saves the shrunk
// case as a scenario file that `run` replays with the same witness, writes the same file for the same seed, and
// finds nothing on the reference. What it spawns, and why: the CLI for each command line — explore on the pre-fix
// pager twice (the same file for the same seed is the proof) and run on what it saved (a kit run); explore on the
// reference; and each bad usage (the exit code and the one line are the CLI's). explore replays its cases in its own
// process (no vitest): 1.5–2 s of CPU an explore, 1 s a bad usage; the replay, a vitest of its own, costs the most.

let tmp: string
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-explore-'))
})
afterAll(async () => {
  await rm(tmp, { recursive: true, force: true })
})

const explore = (adapter: string, dir: string, runs = 200): Promise<KitExit> =>
  runKit(['explore', '--adapter', adapter, '--port', 'pager', '--seed', '1', '--runs', String(runs), '--save', join(dir, 'found'), '--out', join(dir, 'reports')])
const results = async (dir: string) => JSON.parse(await readFile(join(dir, 'reports', 'results.json'), 'utf8')) as RunResults
const foundFiles = async (dir: string) => (await readdir(join(dir, 'found', 'pager'))).filter((f) => f.endsWith('.yaml'))

describe('contract-kit explore', () => {
  it('finds the pre-fix pager broken, saves the minimal case, and the same seed writes the same file; run replays it broken with the same witness', { timeout: 120_000 }, async () => {
    const first = join(tmp, 'first')
    const exit = await explore('pager/analysis-result-budget', first)
    expect(exit.code, exit.stdout + exit.stderr).toBe(1)
    expect(exit.stdout).toMatch(/^explore pager\/analysis-result-budget \(pager\): found a case that is broken at case \d+ of 200, seed 1, shrunk \d+ times? \(\d+ cases? run in all\)$/m)
    const [file] = await foundFiles(first)
    expect(file).toMatch(/^pager-analysis-result-budget-[a-z-]+-[0-9a-f]{10}\.yaml$/)
    const text = await readFile(join(first, 'found', 'pager', file!), 'utf8')
    expect(text).toMatch(/^# yaml-language-server: \$schema=.*scenario\.schema\.json\n# Found by: npx contract-kit explore --adapter pager\/analysis-result-budget --port pager --seed 1 --runs 200\n/)
    // saved outside the working folder: its paths are absolute, not ../../tmp/…
    expect(text).toContain(`$schema=${join(packageRoot, 'scenarios', 'scenario.schema.json')}\n`)
    expect(text).toContain(` --scenario-dir ${join(first, 'found')} --scenario pager/`)
    expect(exit.stdout).toContain(`Reproduce with: npx contract-kit run --adapter pager/analysis-result-budget --scenario-dir ${join(first, 'found')} `)
    const r = await results(first)
    expect(r.passed).toBe(false)
    expect(r.explorations).toEqual([expect.objectContaining({ adapter: 'pager/analysis-result-budget', port: 'pager', seed: 1, runs: 200, found: expect.objectContaining({ scenario: `pager/${file!.replace(/\.yaml$/, '')}` }) })])
    const broken = r.runs[0]!.contracts.filter((c) => c.verdict === 'broken')
    expect(broken.length).toBeGreaterThan(0)

    // the same command again, into the same folder (the file names its folder in its replay line): the same file, byte for byte
    await rm(join(first, 'found'), { recursive: true })
    expect((await explore('pager/analysis-result-budget', first)).code).toBe(1)
    expect(await foundFiles(first)).toEqual([file])
    expect(await readFile(join(first, 'found', 'pager', file!), 'utf8')).toBe(text)

    const reproduce = /^Reproduce with: npx contract-kit run (.*)$/m.exec(exit.stdout)![1]!.split(' ')
    const replay = await runKit(['run', ...reproduce, '--out', join(first, 'replay')])
    expect(replay.code, replay.stdout + replay.stderr).toBe(1)
    const again = JSON.parse(await readFile(join(first, 'replay', 'results.json'), 'utf8')) as RunResults
    // the same contracts broken with the same witnesses (the saved file names them in contracts:, so each is now exercised)
    const strip = ({ exercised: _exercised, ...rest }: (typeof broken)[number]) => rest
    expect(again.runs[0]!.contracts.filter((c) => c.verdict === 'broken').map(strip)).toEqual(broken.map(strip))
  })

  it('finds nothing on the reference within the same budget: exit 0, the seed and the cases in results.json', { timeout: 120_000 }, async () => {
    const dir = join(tmp, 'reference')
    const exit = await explore('pager/reference', dir, 40)
    expect(exit.code, exit.stdout + exit.stderr).toBe(0)
    expect(exit.stdout).toContain('explore pager/reference (pager): nothing found in 40 cases, seed 1')
    expect(await results(dir)).toMatchObject({ passed: true, explorations: [{ adapter: 'pager/reference', port: 'pager', seed: 1, runs: 40, cases: 40, interrupted: false }] })
  })

  it.for([
    [['explore'], /^contract-kit: explore: expected --adapter NAME/],
    [['explore', '--adapter', 'pager/reference', '--port', 'paper'], /^contract-kit: --port: expected one of pager, session-client, snapshotter, tool-output, agent-log, got "paper"$/],
    [['explore', '--adapter', 'pager/reference', '--runs', '0'], /^contract-kit: --runs: expected a whole number from 1 to 2,147,483,647, in decimal digits, got "0"$/],
    [['explore', '--adapter', 'pager/reference', '--port', 'agent-log'], /^contract-kit: pager\/reference does not offer the agent-log port \(it offers: pager\)$/],
  ] as const)('bad usage is one line and exit 2: %s', async ([args, message]) => {
    const exit = await runKit([...args])
    expect(exit.code).toBe(2)
    expect(exit.stderr.trimEnd().split('\n')).toHaveLength(1)
    expect(exit.stderr.trim()).toMatch(message)
  })
})
