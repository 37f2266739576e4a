import { execFile } from 'node:child_process'
import { cpSync, existsSync, readFileSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { installPackedKit, type InstalledKit } from '#harness/__test-helpers__/install-packed-kit.ts'
import { userEnv, type KitExit } from '#harness/__test-helpers__/run-kit.ts'
import { packageRoot } from '#harness/package/package-root.ts'

// The kit as a user gets it. What it spawns, and why: npm pack (twice: the list of files, then the tarball of them) and
// tar, once for the file; then, side by side, the compiled CLI through npx with a Python pager (a kit run, the pager's
// scenarios), tsc on the example project, and the example project's own vitest twice (its pager, and its mutant).
// Each of those writes reports/ where it runs, so each runs in a project of its own, with the same kit installed.

const recorder = pathToFileURL(join(import.meta.dirname, '../__test-helpers__/record-loaded-modules.mjs')).href

/** Runs `npx --no <args>` in the user's project, as the user's shell would (never downloading anything). */
function npx(args: string[], cwd: string, extra: Record<string, string> = {}): Promise<KitExit> {
  const { CONTRACT_KIT_FROM_SOURCE: _, ...env } = userEnv(extra)
  return new Promise((done) => {
    execFile('npx', ['--no', ...args], { cwd, env, timeout: 170_000, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr })
    })
  })
}

/** Another user's project beside the first, with the packed kit installed in it the same way: a copy of the first (the kit unpacked, the rest links). */
function anotherProject(installed: InstalledKit, name: string): string {
  const project = join(installed.temp, name)
  cpSync(installed.project, project, { recursive: true, verbatimSymlinks: true })
  return project
}

describe.concurrent('the kit as a user installs it: npm pack, the tarball installed into an empty project', () => {
  let installed: InstalledKit
  /** The example project, and a second copy of it for its mutant's run. */
  let example: string
  let mutantExample: string
  beforeAll(async () => {
    installed = await installPackedKit()
    example = anotherProject(installed, 'example')
    mutantExample = anotherProject(installed, 'example-mutant')
  }, 120_000)
  afterAll(async () => {
    if (installed) await rm(installed.temp, { recursive: true, force: true })
  }, 60_000) // three projects of some 1,500 files each: seconds on a busy disk

  test('the tarball holds the compiled kit and no test file', () => {
    const { kit } = installed
    for (const file of ['dist/harness/cli/main.js', 'dist/harness/api/index.d.ts', 'dist/harness/api/vitest.js', 'scenarios/scenario.schema.json', 'examples/python/pager.py']) {
      expect(existsSync(join(kit, file)), file).toBe(true)
    }
    expect(existsSync(join(kit, 'harness'))).toBe(false)
    expect(existsSync(join(kit, 'fixtures/systems/snapshotter/__test-helpers__'))).toBe(false)
    expect(existsSync(join(kit, 'fixtures/systems/serve-stdio.test.ts'))).toBe(false)
  })

  test("npx contract-kit run with only the user's stdio pager exits 0, from dist/ (no tsx, no .ts), loading no bundled system", async () => {
    const { project, kit, temp } = installed
    const loaded = join(temp, 'loaded-modules.txt')
    const exit = await npx(['contract-kit', 'run', '--adapter', `stdio:python3 ${join(kit, 'examples/python/pager.py')}`, '--out', 'reports'], project, {
      NODE_OPTIONS: `--import=${recorder}`,
      CONTRACT_KIT_TEST_LOADED: loaded,
    })
    expect(exit.code, exit.stdout + exit.stderr).toBe(0)
    expect(exit.stdout).toMatch(/contract-kit: \d+ runs: \d+ held, 0 expected-broken, 0 broken, 0 unexpected-held, 0 error/)
    expect(existsSync(join(project, 'reports', 'results.json'))).toBe(true)
    const urls = readFileSync(loaded, 'utf8').split('\n').filter(Boolean)
    const kitUrl = pathToFileURL(kit).href
    expect(urls).toContain(`${kitUrl}/dist/harness/cli/main.js`)
    expect(urls).toContain(`${kitUrl}/dist/harness/runner/replay-scenario.js`) // the suite's worker ran the compiled kit too
    expect(urls.filter((url) => url.endsWith('.ts') || url.includes('/node_modules/tsx/'))).toEqual([])
    expect(urls.filter((url) => url.includes('/fixtures/systems/'))).toEqual([])
  }, 180_000)

  describe("the example project's own vitest run, with contractSuite from contract-kit/vitest on its in-process TypeScript pager", () => {
    beforeAll(() => {
      for (const project of [example, mutantExample]) cpSync(join(installed.kit, 'examples', 'vitest-project'), project, { recursive: true })
    })

    test('typechecks against the published declarations', async () => {
      const tsc = join(packageRoot, 'node_modules', 'typescript', 'bin', 'tsc')
      const exit = await new Promise<KitExit>((done) => {
        execFile(process.execPath, [tsc, '-p', '.', '--typeRoots', join(packageRoot, 'node_modules', '@types')], { cwd: example }, (error, stdout, stderr) => {
          done({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr })
        })
      })
      expect(exit.code, exit.stdout + exit.stderr).toBe(0)
    }, 120_000)

    test('passes: every pager scenario held, and the kit reporter wrote its reports', async () => {
      const exit = await npx(['vitest', 'run'], example)
      expect(exit.code, exit.stdout + exit.stderr).toBe(0)
      expect(exit.stdout).toMatch(/contract-kit: (\d+) runs: \1 held, 0 expected-broken, 0 broken, 0 unexpected-held, 0 error/)
      const results = JSON.parse(readFileSync(join(example, 'reports', 'results.json'), 'utf8')) as { runs: Array<{ adapter: string; verdict: string }> }
      expect(results.runs.length).toBeGreaterThanOrEqual(18)
      expect(new Set(results.runs.map((r) => `${r.adapter} ${r.verdict}`))).toEqual(new Set(['my-pager held']))
    }, 180_000)

    test('fails on its mutant that ignores the limit, naming size/limit-is-upper-bound and how to run the case again', async () => {
      const exit = await npx(['vitest', 'run'], mutantExample, { PAGER_MUTANT: 'limit-ignored' })
      expect(exit.code).toBe(1)
      expect(exit.stdout + exit.stderr).toMatch(/size\/limit-is-upper-bound broken: the page read at event \d+ .* over its limit/)
      expect(exit.stdout + exit.stderr).toContain('Reproduce with: npx vitest run -t regressions/analysis-result-budget/limit-one')
      expect(exit.stdout).toMatch(/contract-kit: \d+ runs: \d+ held, 0 expected-broken, [1-9]\d* broken/)
    }, 180_000)
  })
})
