import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, relative } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { RunResults } from '#harness/reporters/run-results.ts'
import { descendantProcesses, runningProcesses } from '#harness/runner/descendant-processes.ts'
import type { ProcessEntry } from '#harness/runner/descendant-processes.ts'
import { packageRoot, userEnv } from '#harness/__test-helpers__/run-kit.ts'
import { bundleDirVariable } from '#harness/adapters/command/bundled-script.ts'

// Interrupting `contract-kit run`: the kit is started as a user would (`node bin/contract-kit.js run …`) in a process
// group of its own, with a TMPDIR of its own (which must be empty at the end: every contract-kit-* folder it made
// removed), and signalled once an agent-log run has made its sandbox (a decoy workspace) and its processes. Four kit
// runs (up to two more when a second SIGINT came after the first stop had ended), one a test, one after another: each
// is ended its own way (SIGINT, SIGTERM, a SIGINT twice at once, a second SIGINT), so no two can share a run, and each
// judges how long its kit took to stop, which a run beside it would slow.

const root = mkdtempSync(join(tmpdir(), 'contract-kit-interrupt-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

const selection = ['--adapter', 'agent-log/reference@stdio', '--scenario', 'agent-log/**', '--adapter', 'pager/reference@stdio', '--scenario', 'pager/**', '--no-expectations']
/** The bundled scenarios of a port's folder (`scenarios/<port>/*.yaml`), each one run of the selection. */
const bundled = (port: string) => readdirSync(join(packageRoot, 'scenarios', port)).filter((name) => name.endsWith('.yaml')).length
const planned = bundled('agent-log') + bundled('pager') // agent-log scenarios on the agent log, pager scenarios on the pager

interface Started {
  pid: number
  temp: string
  out: string
  stdout: () => string
  stderr: () => string
  /** The kit's processes at the moment it was signalled. */
  before: ProcessEntry[]
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>
  signalledAt: number
}

/** Starts the kit, waits until an agent-log run has made its sandbox inside the kit's temporary folder, and sends `signal`. */
async function startAndSignal(name: string, signal: NodeJS.Signals, prepareOut?: (out: string) => void, thenUntilStderr?: (stderr: string) => boolean, extraEnv: Record<string, string> = {}): Promise<Started> {
  const temp = join(root, name, 'tmp')
  const out = join(root, name, 'out')
  mkdirSync(temp, { recursive: true })
  prepareOut?.(out)
  const env = userEnv({ TMPDIR: temp, TSX_DISABLE_CACHE: '1' })
  delete env[bundleDirVariable] // the kit makes its own bundles, in its own temporary folder
  delete env.npm_command // started from a shell, as a user would (npm, when it runs these tests, sets its own)
  Object.assign(env, extraEnv)
  const child = spawn(process.execPath, [join(packageRoot, 'bin', 'contract-kit.js'), 'run', ...selection, '--out', out], { cwd: packageRoot, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d: Buffer) => (stdout += d))
  child.stderr.on('data', (d: Buffer) => (stderr += d))
  let signalledAt = 0
  // the time is taken at the exit, but the result is given once stdout and stderr are read to their end: 'exit' can
  // come before the last of the kit's output has been read ('close' comes after both)
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; afterMs: number }>((done) => {
    let afterMs = 0
    child.on('exit', () => (afterMs = Date.now() - signalledAt))
    child.on('close', (code, s) => done({ code, signal: s, afterMs }))
  })
  const fail = (why: string) => new Error(`${why}\nstdout: ${stdout}\nstderr: ${stderr}`)
  // the run has started: vitest says so, and by then the kit's temporary folder is made and its reports folder claimed
  await new Promise<void>((started, failed) => {
    const look = () => void (stdout.includes(' RUN ') && started())
    child.stdout.on('data', look)
    void exited.then(() => failed(fail('the kit exited before its run started')))
  })
  const runFolder = readdirSync(temp).find((n) => n.startsWith('contract-kit-run-'))
  if (!runFolder) throw fail(`no contract-kit-run-* folder in ${temp}: ${readdirSync(temp).join(', ')}`)
  // an agent-log run has made its sandbox (decoy workspace included) in it
  await new Promise<void>((made, failed) => {
    const folder = join(temp, runFolder)
    const hasSandbox = () => readdirSync(folder).some((n) => n.startsWith('contract-kit-agent-log-'))
    const watcher = watch(folder, () => {
      if (!hasSandbox()) return
      watcher.close()
      made()
    })
    if (hasSandbox()) {
      watcher.close()
      made()
    }
    void exited.then(() => failed(fail('the kit exited before an agent-log run started')))
  })
  const before = descendantProcesses(child.pid!)
  // two signals sent back to back can merge into one: the next is sent once the kit has said it took the first
  const acknowledged = thenUntilStderr && new Promise<void>((done) => child.stderr.on('data', () => void (thenUntilStderr(stderr) && done())))
  signalledAt = Date.now()
  process.kill(child.pid!, signal)
  await acknowledged
  return { pid: child.pid!, temp, out, stdout: () => stdout, stderr: () => stderr, before, exited, signalledAt }
}

/** The processes of the kit still running: in its process group, or among those it had when signalled (zombies are ended). */
function leftRunning(run: Started): ProcessEntry[] {
  const now = runningProcesses()
  const same = (p: ProcessEntry) => now.get(p.pid)?.start === p.start && !now.get(p.pid)?.zombie
  return [...[...now.values()].filter((p) => p.pgrp === run.pid && !p.zombie), ...run.before.filter(same)]
}

const readResults = (out: string) => (existsSync(join(out, 'results.json')) ? (JSON.parse(readFileSync(join(out, 'results.json'), 'utf8')) as RunResults) : `no results.json in ${out}: ${readdirSync(out).join(', ') || 'nothing'}`)

describe.skipIf(process.platform !== 'linux')('contract-kit run, interrupted', () => {
  for (const [signal, code] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
    it(`${signal}: stops within 5 s with exit ${code}, reports say which runs did not run, no process and no temporary folder left, no earlier report left`, async () => {
      const run = await startAndSignal(signal.toLowerCase(), signal, (out) => {
        // an earlier run's reports, and a file of the user's
        mkdirSync(join(out, 'histories', 'old'), { recursive: true })
        for (const name of ['results.json', 'summary.md', 'junit.xml', 'matrix.html', 'histories/old/case.json']) writeFileSync(join(out, name), 'an earlier run\n')
        writeFileSync(join(out, 'notes.txt'), 'kept\n')
      })
      // the run has started: the earlier reports are gone already, and the folder says a run is writing into it
      expect(existsSync(join(run.out, 'summary.md'))).toBe(false)
      expect(existsSync(join(run.out, '.in-progress'))).toBe(true)
      const exit = await run.exited
      expect(exit.code, run.stderr()).toBe(code)
      expect(exit.afterMs).toBeLessThan(5_000)
      expect(run.stderr()).toContain(`contract-kit: interrupted by ${signal}`)

      const results = readResults(run.out)
      if (typeof results === 'string') throw new Error(`${results}\n${run.stderr()}`)
      expect(results).toMatchObject({ interrupted: true, interruptedBy: signal, passed: false })
      const notRun = results.notRun!
      expect(notRun.length).toBeGreaterThan(0)
      expect(results.counts.runs + notRun.length).toBe(planned)
      const summary = readFileSync(join(run.out, 'summary.md'), 'utf8')
      expect(summary).toMatch(/^# contract-kit: INTERRUPTED\n/)
      expect(summary).toContain(`Interrupted by ${signal}: ${notRun.length} of ${planned} runs did not run.`)
      for (const r of notRun) expect(summary).toContain(`- ${r.scenario} on ${r.adapter}: \`npx contract-kit run`)
      expect(readFileSync(join(run.out, 'matrix.html'), 'utf8')).toContain(`Interrupted by ${signal}: ${notRun.length} of ${planned} runs did not run.`)
      const junit = readFileSync(join(run.out, 'junit.xml'), 'utf8')
      expect(junit.match(/<skipped message="not run: the run was interrupted by SIG[A-Z]+"\/>/g)).toHaveLength(notRun.length)
      expect(run.stdout()).toContain(`contract-kit: interrupted by ${signal}: ${notRun.length} of ${planned} runs did not run`)
      // Histories only of the runs that finished (each worker writes its own as its run ends), every one listed
      expect(readdirSync(run.out).filter((n) => n !== 'histories').sort()).toEqual(['junit.xml', 'matrix.html', 'notes.txt', 'results.json', 'summary.md'])
      const written = existsSync(join(run.out, 'histories')) ? readdirSync(join(run.out, 'histories'), { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => relative(run.out, join(e.parentPath, e.name))) : []
      expect(written.sort()).toEqual(results.runs.flatMap((r) => (r.history ? [r.history] : [])).sort())

      expect(leftRunning(run)).toEqual([])
      expect(readdirSync(run.temp)).toEqual([])
    }, 60_000)
  }

  it('in a kit npm started, a SIGINT passed on twice at once (a terminal signals the group, and npm passes it on) is one: reports are written, marked interrupted', async () => {
    const run = await startAndSignal('echo', 'SIGINT', undefined, undefined, { npm_command: 'exec' })
    process.kill(run.pid, 'SIGINT')
    const exit = await run.exited
    expect(exit.code, run.stderr()).toBe(130)
    expect(readResults(run.out)).toMatchObject({ interrupted: true, interruptedBy: 'SIGINT' })
    expect(run.stderr()).not.toContain('SIGINT again')
    await expect.poll(() => leftRunning(run), { timeout: 2_000 }).toEqual([])
    expect(readdirSync(run.temp)).toEqual([])
  }, 60_000)

  it('a second SIGINT stops at once: exit 130, no reports, no process and no temporary folder left', async () => {
    // the second signal must come while the kit is still ending its first stop; on a busy machine that stop can end
    // (reports written) before the signal is delivered — the kit then never says "again" and the attempt decides
    // nothing, so it is made again, at most three times in all
    let run: Started | undefined
    let exit: Awaited<Started['exited']> | undefined
    for (let attempt = 1; attempt <= 3; attempt++) {
      run = await startAndSignal(`twice-${attempt}`, 'SIGINT', undefined, (said) => said.includes('interrupted by SIGINT'))
      process.kill(run.pid, 'SIGINT')
      exit = await run.exited
      if (run.stderr().includes('SIGINT again: stopping at once')) break
      expect(readResults(run.out), `attempt ${attempt}: the kit neither took the second SIGINT nor wrote whole reports\n${run.stderr()}`).toMatchObject({ interrupted: true, interruptedBy: 'SIGINT' })
    }
    if (!run || !exit) throw new Error('no attempt was made')
    expect(run.stderr(), 'in three attempts the first stop always ended before the second SIGINT came').toContain('SIGINT again: stopping at once')
    expect(exit.code, run.stderr()).toBe(130)
    expect(exit.afterMs).toBeLessThan(2_000)
    expect(readdirSync(run.out)).toEqual([])
    await expect.poll(() => leftRunning(run), { timeout: 2_000 }).toEqual([]) // SIGKILLed at once: gone a moment later
    expect(readdirSync(run.temp)).toEqual([])
  }, 60_000)
})
