import { describe, expect, test } from 'vitest'
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cpuByProcessKind, processCpuHook, processKindOf } from '#harness/bench/process-cpu.ts'

describe('the CPU of a test run by kind of process', () => {
  test('names a kind by its script, keeping the kit command and the served system', () => {
    expect(processKindOf('/k/bin/contract-kit.js run --adapter x', '/k')).toBe('bin/contract-kit.js run')
    expect(processKindOf('/tmp/contract-kit-test-bundles-Ab12/123-1-serve-stdio/serve-stdio.mjs agent-log/reference', '/k')).toBe('…/serve-stdio/serve-stdio.mjs agent-log/reference')
    expect(processKindOf('/k/node_modules/vitest/dist/workers/forks.js', '/k')).toBe('node_modules/vitest/dist/workers/forks.js')
    expect(processKindOf('/k/examples/clients/undici/client.mjs watch --url u', '/k')).toBe('examples/clients/undici/client.mjs')
    expect(processKindOf('/usr/lib/node_modules/npm/bin/npm-cli.js test', '/k')).toBe('…/bin/npm-cli.js')
    expect(processKindOf('', '/k')).toBe('(none)')
  })

  test('sums the lines by kind, the costliest first, and skips a cut line', () => {
    const log = [
      { argv: '/k/a.mjs', userMs: 100, systemMs: 50 },
      { argv: '/k/b.mjs x', userMs: 400, systemMs: 0 },
      { argv: '/k/a.mjs y', userMs: 200, systemMs: 10 },
    ].map((e) => JSON.stringify(e)).join('\n') + '\n{"argv":"/k/c'
    expect(cpuByProcessKind(log, '/k')).toEqual([
      { kind: 'b.mjs', processes: 1, cpuMs: 400 },
      { kind: 'a.mjs', processes: 2, cpuMs: 360 },
    ])
  })

  test('the hook logs a Node process at its exit, and nothing without its variable', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-kit-process-cpu-'))
    try {
      const log = join(dir, 'log.jsonl')
      const run = (env: NodeJS.ProcessEnv) => execFileSync(process.execPath, ['-e', 'let x = 0; for (let i = 0; i < 1e6; i++) x += i'], { env: { ...process.env, ...env, NODE_OPTIONS: `--require ${processCpuHook.file}` } })
      run({ [processCpuHook.logVariable]: log })
      run({ [processCpuHook.logVariable]: '' })
      const [kind, ...rest] = cpuByProcessKind(readFileSync(log, 'utf8'), dir)
      expect(rest).toEqual([])
      expect(kind).toMatchObject({ kind: '(none)', processes: 1 })
      expect(kind!.cpuMs).toBeGreaterThan(0)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
