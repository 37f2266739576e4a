import { describe, expect, test } from 'vitest'
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { RunResults } from '#harness/reporters/run-results.ts'

const root = fileURLToPath(new URL('../../', import.meta.url))

// Where no Chromium is found, the browser scenarios are `untestable` — never skipped, never green — and the report
// says where the kit looked and how to install one. A CHROMIUM_PATH that is set is the only browser looked at.
describe('browser scenarios without a browser', () => {
  test('are untestable, fail the run (exit 1), and say where the kit looked and how to install Chromium', async () => {
    const out = await mkdtemp(join(tmpdir(), 'contract-kit-'))
    try {
      const env: NodeJS.ProcessEnv = { ...process.env, CHROMIUM_PATH: join(out, 'no-chromium-here') }
      for (const key of Object.keys(env)) if (key.startsWith('VITEST') || key.startsWith('CONTRACT_KIT_')) delete env[key]
      const args = ['bin/contract-kit.js', 'run', '--adapter', 'snapshotter/chromium', '--scenario', 'regressions/plat-200/depth-flat-500-siblings', '--out', out]
      const code = await new Promise<number>((done) => execFile(process.execPath, args, { cwd: root, env, timeout: 120_000 }, (error) => done(error ? (error.code as number) : 0)))
      expect(code).toBe(1)
      const results = JSON.parse(await readFile(join(out, 'results.json'), 'utf8')) as RunResults
      expect(results.runs).toHaveLength(1)
      expect(results.runs[0]).toMatchObject({ verdict: 'untestable', error: { message: expect.stringContaining(join(out, 'no-chromium-here')) } })
      expect(results.runs[0].error?.message).toContain('apt-get install -y chromium')
      expect(results.passed).toBe(false)
    } finally {
      await rm(out, { recursive: true, force: true })
    }
  })
})
