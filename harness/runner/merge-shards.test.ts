import { execFile } from 'node:child_process'
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { compiledStdioCommand, runKit, type KitExit } from '#harness/__test-helpers__/run-kit.ts'

// What it spawns, and why: four kit runs side by side — the selection unsharded, and the same selection as shards 1/3,
// 2/3 and 3/3 — and merge-reports; the proof is the merged reports against the unsharded ones, byte for byte. A kit
// run's cost is mostly its vitest and one worker a suite file, so the selection is as small as the proof allows.

/**
 * Three ports, so each of three shards (vitest shards suite files, one per port, and the timing-bound runs' file) has
 * work; in process, no browser. Two cases a port at most, each chosen for what the merge must carry: a held run and an
 * expected-broken one on every port's file but the session client's (which holds), each with its History (pager
 * default-read, plat-200 fallback-no-spiller, dep-8516 cut-mid-byte, a timing-bound run: the contracts-timing project's
 * file merged too); the profile below adds the broken run. More cases of the same ports prove nothing more about the
 * merge: 10 runs here, where the selection was 31 before issue 23.
 */
const selection = [
  ...['pager/reference', 'pager/analysis-result-budget', 'tool-output/reference', 'tool-output/plat-200', 'session-client/dep-8516'].flatMap((a) => ['--adapter', a]),
  ...['analysis-result-budget/default-read', 'analysis-result-budget/six-turns', 'plat-200/fallback-no-spiller', 'dep-8516/older-server', 'dep-8516/cut-mid-byte'].flatMap((p) => ['--scenario', `regressions/${p}`]),
]

const readResults = async (dir: string): Promise<RunResults> => JSON.parse(await readFile(join(dir, 'results.json'), 'utf8')) as RunResults

/** What the gate reads from a run: each run's adapter, scenario, verdict and its contracts' verdicts. */
const verdicts = (results: RunResults) =>
  results.runs.map((r) => ({ adapter: r.adapter, scenario: r.scenario, verdict: r.verdict, contracts: r.contracts.map((c) => `${c.id}: ${c.verdict}`) }))

/** `diff a b`: its exit code (0 identical, 1 different) and what it printed. */
function diff(a: string, b: string): Promise<{ code: number; out: string }> {
  return new Promise((done) => execFile('diff', [a, b], (error, stdout) => done({ code: error ? Number(error.code) : 0, out: stdout })))
}

const ran = (exit: KitExit) => `exit ${exit.code}\n${exit.stdout}\n${exit.stderr}`

let tmp: string
beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-shards-'))
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

describe('contract-kit run --shard I/N, then merge-reports (vitest blob reports)', () => {
  it('3 shards merged give the same results.json as one unsharded run, byte for byte, and a failure stays a failure', { timeout: 300_000 }, async () => {
    // besides the bundled systems (held and expected-broken), a profile whose list misses a failure: the run is broken
    const profile = join(tmp, 'unlisted.yaml')
    await writeFile(profile, `name: unlisted-pager\nports: [pager]\ntransport: stdio\ncommand: [${compiledStdioCommand('pager/analysis-result-budget').map((w) => JSON.stringify(w)).join(', ')}]\nscenarios: [regressions/analysis-result-budget/default-read, regressions/analysis-result-budget/six-turns]\n`)
    const args = ['run', ...selection, '--profile', profile]
    const inTmp = { cwd: tmp, timeoutMs: 240_000 } // the blobs go to .vitest-reports/ under the working folder: here, a temp one
    const [whole, ...shards] = await Promise.all([
      runKit([...args, '--out', join(tmp, 'whole')], inTmp),
      ...[1, 2, 3].map((i) => runKit([...args, '--shard', `${i}/3`, '--out', join(tmp, `shard-${i}`)], inTmp)),
    ])
    expect(whole.code, ran(whole)).toBe(1)
    expect((await readdir(join(tmp, '.vitest-reports'))).sort()).toEqual(['blob-1-3.json', 'blob-2-3.json', 'blob-3-3.json'])
    const merge = await runKit(['merge-reports', '--out', join(tmp, 'merged')], inTmp)
    expect(merge.code, ran(merge)).toBe(1) // the gate: the broken run is still broken after the merge
    expect(merge.stdout).toContain('  broken: regressions/analysis-result-budget/default-read on unlisted-pager')

    const [one, merged] = [await readResults(join(tmp, 'whole')), await readResults(join(tmp, 'merged'))]
    const parts = await Promise.all([1, 2, 3].map((i) => readResults(join(tmp, `shard-${i}`))))
    for (const [i, part] of parts.entries()) expect(part.counts.runs, ran(shards[i]!)).toBeGreaterThan(0) // every shard had a port's suite file
    expect(parts.reduce((n, p) => n + p.counts.runs, 0)).toBe(one.counts.runs)
    expect(one.counts).toMatchObject({ broken: 1, 'unexpected-held': 0, error: 0 })
    expect(one.counts.held).toBeGreaterThan(0)
    expect(one.counts['expected-broken']).toBeGreaterThan(0)
    expect(merged.counts).toEqual(one.counts)
    expect(verdicts(merged)).toEqual(verdicts(one))
    expect(merged.passed).toBe(false)
    // the outcomes (task.meta.kit) survived the blob round trip whole: the same file, and the same JUnit, summary and matrix
    for (const file of ['results.json', 'junit.xml', 'summary.md', 'matrix.html']) expect(await diff(join(tmp, 'whole', file), join(tmp, 'merged', file))).toEqual({ code: 0, out: '' })
    const histories = async (dir: string) => (await readdir(join(tmp, dir, 'histories'), { recursive: true })).sort()
    expect(await histories('merged')).toEqual(await histories('whole')) // the Histories travel in the blobs too
  })
})
