import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as pause } from 'node:timers/promises'
import { afterAll, describe, expect, it } from 'vitest'
import { descendantProcesses, runningProcesses } from '#harness/runner/descendant-processes.ts'
import { packageRoot, userEnv } from '#harness/__test-helpers__/run-kit.ts'

// Interrupting a command whose result is whole or nothing (`explore` here; `reproduce`, `baseline` and `doctor` stop
// the same way): the kit is started as a user would, with a TMPDIR of its own, and signalled once it has started the
// implementation it explores. It must exit 130 within 5 s, with that implementation ended, its temporary folder gone,
// and no report in its reports folder — an earlier run's included, which would otherwise look current.

const root = mkdtempSync(join(tmpdir(), 'contract-kit-stop-on-signal-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('explore, interrupted', () => {
  it('SIGINT: exit 130 within 5 s, every process it started ended, no temporary folder, no report left', { timeout: 60_000 }, async () => {
    const temp = join(root, 'tmp')
    const out = join(root, 'out')
    mkdirSync(temp, { recursive: true })
    mkdirSync(out, { recursive: true })
    writeFileSync(join(out, 'results.json'), '{"an earlier run": true}\n')
    const args = ['explore', '--adapter', 'pager/reference@stdio', '--port', 'pager', '--runs', '100000', '--seed', '1', '--out', out, '--save', join(root, 'found')]
    const child = spawn(process.execPath, [join(packageRoot, 'bin', 'contract-kit.js'), ...args], { cwd: packageRoot, env: userEnv({ TMPDIR: temp, TSX_DISABLE_CACHE: '1' }), detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (d: Buffer) => (output += d))
    child.stderr.on('data', (d: Buffer) => (output += d))
    let signalledAt = 0
    const exited = new Promise<{ code: number | null; afterMs: number }>((done) => child.on('exit', (code) => done({ code, afterMs: Date.now() - signalledAt })))
    // the implementation it explores (a node process) is running — polled: nothing else tells the test
    let started: number[] = []
    for (let tries = 0; started.length === 0 && tries < 400 && child.exitCode === null; tries++) {
      started = descendantProcesses(child.pid!).some((p) => p.name === 'node') ? descendantProcesses(child.pid!).map((p) => p.pid) : []
      if (started.length === 0) await pause(50)
    }
    expect(started.length, `the kit started no process: ${output}`).toBeGreaterThan(0)
    signalledAt = Date.now()
    process.kill(child.pid!, 'SIGINT')
    const { code, afterMs } = await exited
    expect(code, output).toBe(130)
    expect(afterMs).toBeLessThan(5_000)
    expect(output).toContain('contract-kit: interrupted by SIGINT')
    const running = runningProcesses()
    expect(started.filter((pid) => running.has(pid) && !running.get(pid)!.zombie)).toEqual([])
    expect(readdirSync(temp)).toEqual([])
    expect(['results.json', 'junit.xml', 'summary.md', 'matrix.html', '.in-progress'].filter((name) => existsSync(join(out, name)))).toEqual([])
  })
})
