import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { compiledStdioCommand, packageRoot, runKit, type KitExit } from '#harness/__test-helpers__/run-kit.ts'
import { sharedPromise } from '#harness/__test-helpers__/shared-promise.ts'

// Profiles end to end, through the compiled CLI as a user runs it. What it spawns, and why: four kit runs (each a
// vitest of its own, the pager suite file only) — the run that passes on its lists, the run that fails on them, and
// baseline twice (without a link and with one, side by side). The run after `baseline --update` is the passing run:
// the rewritten profile is one more profile in it, and an exit 0 means every profile's runs passed. Each case of a
// profile starts the pre-fix pager, compiled (a team's stdio implementation: nothing here is about tsx, which would
// triple each start). doctor twice (the banner fixture, the Python reference): each starts its implementation five
// times, as a user's doctor does. The tests run side by side; the longest chain is baseline, then the passing run.

const bug = 'regressions/analysis-result-budget'
const link = 'https://tracker.example/PAGER-1'
/** Three cases of the budget bug: two the pre-fix pager breaks, one it keeps. */
const cases = [`${bug}/default-read`, `${bug}/oversized-exchange`, `${bug}/six-turns`]
/** What the pre-fix pager breaks in those cases (checked by the first test). */
const brokenByPrefix = [
  [`${bug}/default-read`, 'size/page-fits-ceilings'],
  [`${bug}/default-read`, 'recovery/first-page-reachable'],
  [`${bug}/default-read`, 'size/largest-fitting-prefix'],
  [`${bug}/oversized-exchange`, 'size/page-fits-ceilings'],
  [`${bug}/oversized-exchange`, 'size/largest-fitting-prefix'],
  [`${bug}/oversized-exchange`, 'size/oversized-item-fails-cleanly'],
  [`${bug}/oversized-exchange`, 'recovery/first-page-reachable'],
  [`${bug}/oversized-exchange`, 'recovery/cursor-exactly-once'],
] as const
const today = { CONTRACT_KIT_TODAY: '2026-11-29' }

let folder: string

/** Writes a profile `<name>-pager` of the pre-fix pager served over stdio, with the given lists, and returns its path. */
async function profile(name: string, lists: { knownFailing?: object[]; knownFlaky?: object[] } = {}): Promise<string> {
  const file = join(folder, `${name}.yaml`)
  const body = { name: `${name}-pager`, ports: ['pager'], transport: 'stdio', command: compiledStdioCommand('pager/analysis-result-budget'), scenarios: cases, ...lists }
  await writeFile(file, `# a team's profile of its pager\n${stringify(body)}`)
  return file
}

const entry = ([c, contract]: readonly [string, string], extra: object = {}) => ({ case: c, contract, reason: 'fits pages by JSON bytes only', link, ...extra })
/** The 1-based line of a profile's first known-failing entry (what `source` names). */
const firstEntryLine = async (file: string) => (await readFile(file, 'utf8')).split('\n').findIndex((l) => l.includes('- case:')) + 1
const results = async (out: string) => JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResults
const runOf = (r: RunResults, adapter: string, scenario: string) => r.runs.find((run) => run.adapter === adapter && run.scenario === `${bug}/${scenario}`)!

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-kit-profile-'))
})
afterAll(async () => {
  await rm(folder, { recursive: true, force: true })
})

/** `N runs: N held, …` as the kit's summary line counts them. */
const tally = (runs: RunResults['runs']) =>
  `${runs.length} runs: ${['held', 'expected-broken', 'broken', 'unexpected-held', 'error'].map((v) => `${runs.filter((run) => run.verdict === v).length} ${v}`).join(', ')}`

/**
 * baseline of a profile whose list misses a failure and names a stale case: without --link (refused, nothing written)
 * and with one, side by side on two copies of the same profile (neither reads what the other does).
 */
const baselined = sharedPromise(async () => {
  const stale = { case: `${bug}/six-turns`, reason: 'thought to break', link }
  const file = await profile('base', { knownFailing: [...brokenByPrefix.slice(0, -1).map((b) => entry(b)), stale] })
  const before = await readFile(file, 'utf8')
  const copy = join(folder, 'base-no-link.yaml')
  await writeFile(copy, before)
  const [noLink, update] = await Promise.all([
    runKit(['baseline', '--profile', copy, '--update', '--out', join(folder, 'baseline-nolink')]),
    runKit(['baseline', '--profile', file, '--update', '--link', 'https://tracker.example/PAGER-2', '--out', join(folder, 'baseline-update')]),
  ])
  return { file, before, noLink, afterNoLink: await readFile(copy, 'utf8'), update }
})

/** One run of every profile that must pass: exact entries, an entry on its last day, known-flaky cases, and the profile baseline rewrote. */
const passingRun = sharedPromise(async (): Promise<{ exit: KitExit; out: string; listed: string }> => {
  const listed = await profile('listed', { knownFailing: brokenByPrefix.map((b) => entry(b)) })
  const lastDay = await profile('last-day', { knownFailing: brokenByPrefix.map((b, i) => entry(b, i === 0 ? { expires: '2026-11-29' } : {})) })
  const flaky = await profile('flaky', {
    knownFailing: brokenByPrefix.filter(([scenario]) => scenario.endsWith('/default-read')).map((b) => entry(b)),
    knownFlaky: [{ case: `${bug}/oversized-exchange`, reason: 'flaky on CI', link }, { case: `${bug}/six-turns`, reason: 'flaky on CI', link }],
  })
  const { file: rebaselined } = await baselined()
  const out = join(folder, 'passing')
  const exit = await runKit(['run', ...[listed, lastDay, flaky, rebaselined].flatMap((p) => ['--profile', p]), '--out', out], { env: today })
  return { exit, out, listed }
})

describe.concurrent('profiles, end to end: run --profile, baseline, doctor --profile', { timeout: 300_000 }, () => {
  it('passes when the lists name what breaks: exact entries, an entry on its last day, known-flaky cases', async () => {
    const { exit, out, listed } = await passingRun()
    expect(exit.code, exit.stdout + exit.stderr).toBe(0)
    // the three profiles here, and the one baseline rewrote (the test below): every one of its runs passed too
    expect(exit.stdout).toContain('contract-kit: 12 runs: 4 held, 8 expected-broken, 0 broken, 0 unexpected-held, 0 error')
    const r = await results(out)
    expect(tally(r.runs.filter((run) => run.adapter !== 'base-pager'))).toBe('9 runs: 3 held, 6 expected-broken, 0 broken, 0 unexpected-held, 0 error')
    expect(runOf(r, 'listed-pager', 'default-read').contracts.find((c) => c.id === 'size/page-fits-ceilings')?.expectedBy).toMatchObject({ link, source: `${listed}:${await firstEntryLine(listed)}` })
    expect(runOf(r, 'last-day-pager', 'default-read').verdict).toBe('expected-broken')
    const oversized = runOf(r, 'flaky-pager', 'oversized-exchange')
    expect(oversized.verdict).toBe('expected-broken')
    expect(oversized.attempts).toEqual(['expected-broken', 'expected-broken', 'expected-broken']) // run again twice (flakyRetries 2)
    expect(oversized.contracts.find((c) => c.id === 'recovery/cursor-exactly-once')?.expectedBy?.kind).toBe('flaky')
    const sixTurns = runOf(r, 'flaky-pager', 'six-turns')
    expect(sixTurns).toMatchObject({ verdict: 'held', stale: [] }) // a flaky case that held is not stale
    expect(sixTurns.attempts).toBeUndefined()
  })

  it('fails on an unlisted failure, a stale entry and an expired one, naming the case or the entry', async () => {
    const unlisted = await profile('unlisted', { knownFailing: brokenByPrefix.slice(0, -1).map((b) => entry(b)) })
    const stale = await profile('stale', { knownFailing: [...brokenByPrefix.map((b) => entry(b)), { case: `${bug}/six-turns`, reason: 'thought to break', link }] })
    const expired = await profile('expired', { knownFailing: brokenByPrefix.map((b, i) => entry(b, i === 0 ? { expires: '2026-11-28' } : {})) })
    const out = join(folder, 'failing')
    const exit = await runKit(['run', '--profile', unlisted, '--profile', stale, '--profile', expired, '--out', out], { env: today })
    expect(exit.code).toBe(1)
    // unlisted: the case and the contract
    expect(exit.stdout).toContain(`  broken: ${bug}/oversized-exchange on unlisted-pager\n    recovery/cursor-exactly-once broken: `)
    expect(exit.stdout).toContain(`Reproduce with: npx contract-kit run --profile ${unlisted} --scenario ${bug}/oversized-exchange`)
    // stale: the entry and where it is written
    expect(exit.stdout).toMatch(new RegExp(`unexpected-held: ${bug}/six-turns on stale-pager\\n    stale entry ${bug}/six-turns \\(${stale}:\\d+\\): it excuses nothing that broke`))
    // expired: the entry, its date and link; and the failure it excused is broken again
    const expiredLine = `known-failing entry ${bug}/default-read:size/page-fits-ceilings (${expired}:${await firstEntryLine(expired)}) expired on 2026-11-28 (today is 2026-11-29)`
    expect(exit.stdout).toContain(expiredLine)
    expect(exit.stdout).toContain(`  broken: ${bug}/default-read on expired-pager\n    size/page-fits-ceilings broken: `)
    const r = await results(out)
    expect(r.passed).toBe(false)
    expect(r.errors).toEqual([expect.stringContaining(expiredLine)])
    expect(runOf(r, 'unlisted-pager', 'oversized-exchange').verdict).toBe('broken')
    expect(runOf(r, 'stale-pager', 'six-turns').verdict).toBe('unexpected-held')
    expect(runOf(r, 'expired-pager', 'default-read').verdict).toBe('broken')
    expect(r.runs.filter((run) => !['held', 'expected-broken'].includes(run.verdict))).toHaveLength(3) // nothing else failed
  })

  it('rejects a bad profile with one line naming the file, line, column and field (exit 2)', async () => {
    const file = join(folder, 'bad.yaml')
    await writeFile(file, 'name: prefix-pager\nports: [pager]\ntransport: stdio\ncommand: node serve.js\nknownFailing:\n  - case: regressions/x/y\n    reason: why\n')
    const exit = await runKit(['run', '--profile', file])
    expect(exit.code).toBe(2)
    expect(exit.stderr.trimEnd().split('\n')).toEqual([`contract-kit: ${file}:6:5: knownFailing[0].link: missing, expected the http(s) URL of the issue that tracks it`])
  })

  it('baseline prints the change as a diff, and with --update rewrites the list so the next run passes', async () => {
    const { file, before, noLink, afterNoLink, update } = await baselined()
    expect(noLink.code, noLink.stderr).toBe(2) // it shows the change, but will not write an entry without a link
    expect(noLink.stdout).toContain(`-  - case: ${bug}/six-turns`)
    expect(noLink.stdout).toContain(`+  - case: ${bug}/oversized-exchange\n+    contract: recovery/cursor-exactly-once`)
    expect(noLink.stdout).toContain('known-failing: 1 added, 1 removed (stale), 0 moved to known-flaky, 7 kept')
    expect(noLink.stderr.trim()).toBe('contract-kit: 1 new entry needs a link: pass --link URL (the issue tracking it)')
    expect(afterNoLink).toBe(before)

    expect(update.code, update.stderr).toBe(0)
    const after = await readFile(file, 'utf8')
    expect(after.startsWith("# a team's profile of its pager\n")).toBe(true)
    expect(after).toContain('link: https://tracker.example/PAGER-2')
    // the next run: the rewritten profile is one of the passing run's (an exit 0 there is every profile's runs passing)
    const { exit, out } = await passingRun()
    expect(exit.code, exit.stdout).toBe(0)
    const runs = (await results(out)).runs.filter((run) => run.adapter === 'base-pager')
    expect(runs.map((run) => [run.scenario, run.verdict, run.stale])).toEqual([
      [`${bug}/default-read`, 'expected-broken', []],
      [`${bug}/oversized-exchange`, 'expected-broken', []],
      [`${bug}/six-turns`, 'held', []],
    ])
  })

  it('doctor names the stray banner line on stdout and the fix', async () => {
    const file = join(folder, 'banner.yaml')
    await writeFile(file, `name: banner-pager\nports: [pager]\ntransport: stdio\ncommand: [${JSON.stringify(process.execPath)}, ${JSON.stringify(join(packageRoot, 'fixtures', 'doctor', 'banner.mjs'))}]\n`)
    const exit = await runKit(['doctor', '--profile', file])
    expect(exit.code, exit.stdout + exit.stderr).toBe(1)
    expect(exit.stdout).toContain(`contract-kit doctor: banner-pager (${file})`)
    expect(exit.stdout).toMatch(/✗ fail stdout {7}stdout line 1 is not a JSON-RPC response .*"Listening on stdio \(doctor banner fixture\)"/)
    expect(exit.stdout).toContain('fix: stdout carries JSON-RPC responses only: print banners, logs and debug output on stderr.')
    expect(exit.stdout).toContain('Python: print(..., file=sys.stderr)')
  })

  it('doctor passes the Python reference', async () => {
    const exit = await runKit(['doctor', '--profile', 'examples/python/profile.yaml'])
    expect(exit.code, exit.stdout + exit.stderr).toBe(0)
    // every check is ok; start-up alone may warn, on a machine so busy that Python takes over a third of a deadline to start
    const marks = exit.stdout.split('\n').flatMap((line) => (/^[✓!✗-] (ok|warn|fail|skip) +\S/.test(line) ? [line.slice(0, 20).trim()] : []))
    expect(marks.filter((m) => !/^(✓ ok|! warn +startup)/.test(m)), exit.stdout).toEqual([])
    expect(marks.length).toBe(7)
    expect(exit.stdout).toMatch(/^doctor: (every check passed|no check failed, 1 warning: the kit can run this implementation)$/m)
  })
})
