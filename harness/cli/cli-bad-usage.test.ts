import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { usage } from '#harness/cli/usage.ts'
import { bundledAdapterNames } from '#harness/adapters/index.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { loadScenarios } from '#harness/scenario/load-scenarios.ts'
import { scenarioRoot } from '#harness/suite/scenario-root.ts'
import { runKit, type KitExit as Exit } from '#harness/__test-helpers__/run-kit.ts'

await loadShippedSystems() // the bundled adapter names `list` must print

const kit = (...args: string[]): Promise<Exit> => runKit(args, { timeoutMs: 110_000 })

/** The one line a bad invocation prints: on stderr, prefixed, and no stack trace. */
function expectOneLineError(exit: Exit, message: RegExp): void {
  expect(exit.code, exit.stderr).toBe(2)
  expect(exit.stderr).not.toMatch(/^\s+at /m)
  expect(exit.stderr.trimEnd().split('\n'), exit.stderr).toHaveLength(1)
  expect(exit.stderr.trimEnd()).toMatch(message)
}

let tmp: string

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), 'contract-kit-bad-usage-'))
  await writeFile(join(tmp, 'reports-file'), 'not a folder\n') // an --out that is a file
})
afterAll(() => rm(tmp, { recursive: true, force: true }))

// Every command line below loads the kit afresh, as a user's shell does (the exit code, the one line on stderr and no
// report are the CLI's): 0.3 s of CPU for help or an unknown command, 0.6–1.2 s for the others, which load their
// machinery before they read their flags. Only the cases the CLI must get right, run side by side.
describe.concurrent('bad usage and bad input: exit 2 with one line and no stack trace, and no report; list and help', () => {
  it.each<[string, (out: string) => string[], RegExp]>([
    ['an unknown command', () => ['frobnicate'], /^contract-kit: unknown command "frobnicate": expected run, explore, baseline, doctor, reproduce, merge-reports, list, judge, serve or help \(or --version\)$/],
    ['an unknown flag', (out) => ['run', '--bogus', '--out', out], /^contract-kit: Unknown option '--bogus'.*\(see contract-kit help\)$/],
    ['an --out that is a file, found before anything runs', (out) => ['run', '--adapter', 'pager/reference', '--scenario', 'pager/invalid-cursor', '--out', join(out, '..', 'reports-file')], /^contract-kit: --out ".*reports-file": is a file, not a folder$/],
    ['a baseline --link that is no http(s) URL', () => ['baseline', '--profile', 'examples/python/profile.yaml', '--link', 'javascript:alert(1)'], /^contract-kit: --link: expected the http\(s\) URL of the issue tracking new failures, got "javascript:alert\(1\)"$/],
    ['a one-value flag given twice', (out) => ['run', '--timeout', '100', '--timeout=200', '--out', out], /^contract-kit: --timeout is given twice: it takes one value/],
    ['a timeout not in decimal digits', (out) => ['run', '--timeout', '0x10', '--out', out], /^contract-kit: --timeout: expected a whole number of milliseconds from 1 to 2,147,483,647, in decimal digits, got "0x10"$/],
    [
      'an unknown adapter',
      (out) => ['run', '--adapter', 'pager/nope', '--out', out],
      /^contract-kit: --adapter "pager\/nope": expected a bundled system \(.*pager\/reference.*\), stdio:<command line>, http:<url> or command:<template>$/,
    ],
    [
      'an http: adapter whose URL is not http:// or https://',
      (out) => ['run', '--adapter', 'http:ftp://127.0.0.1/rpc', '--out', out],
      /^contract-kit: --adapter "http:ftp:\/\/127\.0\.0\.1\/rpc": the kit speaks http:\/\/ or https:\/\/ only, not ftp:\/\/; expected http:<url> of a running service, e\.g\. http:http:\/\/127\.0\.0\.1:8080\/rpc$/,
    ],
    [
      'a scenario pattern matching nothing',
      (out) => ['run', '--scenario', 'regressions/no-such-bug/**', '--out', out],
      /^contract-kit: no scenario matches --scenario "regressions\/no-such-bug\/\*\*"/,
    ],
  ])('%s', async (_, args, message) => {
    const out = join(tmp, `bad-${args('').join('-').replace(/\W+/g, '-')}`)
    expectOneLineError(await kit(...args(out)), message)
    expect(existsSync(out)).toBe(false)
  })

  it('an invalid scenario file: path:line:column: field: what was expected', async () => {
    const dir = join(tmp, 'bad-scenarios')
    await mkdir(join(dir, 'regressions', 'typo'), { recursive: true })
    const file = join(dir, 'regressions', 'typo', 'bad-measure.yaml')
    await writeFile(
      file,
      [
        'port: pager',
        'title: A ceiling in a measure the kit does not know',
        'fixture: analysis-run/six-turns',
        'given:',
        '  ceilings:',
        '    - { measure: json-bites, max: 262144 }',
        'steps:',
        '  - read: { collection: model-exchanges }',
        '',
      ].join('\n'),
    )
    const out = join(tmp, 'bad-scenarios-out')
    const escaped = file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    const expected = new RegExp(`^contract-kit: ${escaped}:6:\\d+: given\\.ceilings\\[0\\]\\.measure: expected one of .*json-bytes.*got "json-bites"$`)
    expectOneLineError(await kit('run', '--scenario-dir', dir, '--out', out), expected)
    expect(existsSync(out)).toBe(false)
  })

  it('judge of a file that is not a History', async () => {
    const file = join(tmp, 'not-a-history.json')
    await writeFile(file, JSON.stringify({ format: 'contract-kit/results@2', runs: [] }))
    expectOneLineError(await kit('judge', file), /^contract-kit: .*not-a-history\.json: format: expected "contract-kit\/history@2", got "contract-kit\/results@2"$/)
  })

  it('list prints every bundled scenario id and every bundled adapter (exit 0)', async () => {
    const list = await kit('list')
    expect(list.code, list.stderr).toBe(0)
    const scenarios = await loadScenarios(scenarioRoot)
    expect(scenarios.length).toBeGreaterThan(0)
    for (const s of scenarios) {
      expect(list.stdout).toMatch(new RegExp(`^ {2}${s.id} +${s.scenario.port} +\\S.*\n {4}exercises ${s.exercises.join(', ')}`, 'm'))
    }
    for (const adapter of bundledAdapterNames()) expect(list.stdout).toMatch(new RegExp(`^ {2}${adapter}$`, 'm'))
  })

  it('help prints the usage (exit 0)', async () => {
    const help = await kit('help')
    expect(help.code).toBe(0)
    expect(help.stdout).toBe(`${usage}\n`)
    expect(help.stderr).toBe('')
  })
})
