import { spawnSync } from 'node:child_process'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { diagnose } from '#harness/doctor/diagnose.ts'
import type { Diagnosis } from '#harness/doctor/diagnosis.ts'
import { resolveDoctorTarget } from '#harness/doctor/resolve-doctor-target.ts'
import type { StdioDoctorTarget } from '#harness/doctor/run-doctor.ts'
import { doctorFixture } from '#harness/doctor/__test-helpers__/doctor-fixture.ts'
import { loadShippedSystems } from '#harness/adapters/shipped-systems.ts'
import { compiledStdioCommand, packageRoot } from '#harness/__test-helpers__/run-kit.ts'

// diagnose starts each implementation five times (the session, three more for start-up, one for SIGTERM): the bundled
// systems are started compiled, as the user's kit starts them (0.3 s a start against 0.9 s through tsx, from source).

await loadShippedSystems() // the bundled systems these tests name

const statuses = (diagnosis: Diagnosis): Record<string, string> => Object.fromEntries(diagnosis.checks.map((check) => [check.id, check.status]))
const allOk = { handshake: 'ok', startup: 'ok', stdout: 'ok', stderr: 'ok', latency: 'ok', 'stdin-close': 'ok', sigterm: 'ok' }
/** Every check ok but start-up, which may warn: a bundled system (a Node process loading the kit), on a loaded machine, can take seconds. */
const allOkButStartup = { ...allOk, startup: expect.stringMatching(/^(ok|warn)$/) }

/** The stdio target an adapter name resolves to, its bundled system served by the compiled kit's serve-stdio.js (what a user's `doctor --adapter` starts). */
function stdioTarget(adapter: string): StdioDoctorTarget {
  const target = resolveDoctorTarget(adapter)
  if (target.transport === 'command' || target.transport === 'http') throw new Error(`${adapter} resolved to ${target.transport}, not a stdio target`)
  const system = adapter.replace(/@stdio$/, '')
  // resolved from source: serve-stdio.ts through tsx, serving the system the name names
  expect(target.command.slice(-2)).toEqual([join(packageRoot, 'fixtures', 'systems', 'serve-stdio.ts'), system])
  return { ...target, command: compiledStdioCommand(system) }
}

let temp: string
beforeAll(async () => {
  temp = await mkdtemp(join(tmpdir(), 'contract-kit-doctor-test-'))
})
afterAll(() => rm(temp, { recursive: true, force: true }))

describe('diagnose on healthy implementations', () => {
  it('passes every check of the tiny healthy fixture, in the printed order', async () => {
    const diagnosis = await diagnose({ command: doctorFixture('healthy'), expectedPorts: ['pager'], latencyCalls: 5 })
    expect(diagnosis.checks.map((check) => check.id)).toEqual(['handshake', 'startup', 'stdout', 'stderr', 'latency', 'stdin-close', 'sigterm'])
    expect(statuses(diagnosis)).toEqual(allOk)
    expect(diagnosis.ok).toBe(true)
    expect(diagnosis.system).toEqual({ name: 'doctor-healthy', ports: ['pager'] })
    expect(diagnosis.checks.every((check) => check.fix === undefined)).toBe(true)
    expect(diagnosis.checks[1]!.summary).toMatch(/^start-up \d+ ms \(slowest of 3; median \d+ ms\); suggested --time-scale 1$/)
  })

  it('passes every check of pager/reference@stdio', async () => {
    const target = stdioTarget('pager/reference@stdio')
    const diagnosis = await diagnose({ ...target, latencyCalls: 8 })
    expect(statuses(diagnosis)).toEqual(allOkButStartup)
    expect(diagnosis.system).toEqual({ name: 'pager/reference', ports: ['pager'] })
    expect(diagnosis.checks.find((check) => check.id === 'latency')?.summary).toMatch(/^8 calls of pager: p50 [\d.]+ ms, max [\d.]+ ms; an unknown method was answered/)
  }, 90_000)

  it('passes every check of agent-log/reference@stdio (its calls write only into a scratch workspace)', async () => {
    const target = stdioTarget('agent-log/reference@stdio')
    const cwd = join(temp, 'agent-log-cwd')
    await mkdir(cwd)
    const diagnosis = await diagnose({ ...target, cwd, latencyCalls: 9 })
    expect(statuses(diagnosis)).toEqual(allOkButStartup)
    expect(diagnosis.system).toEqual({ name: 'agent-log/reference', ports: ['agent-log'] })
    expect(await readdir(cwd)).toEqual([]) // nothing written in its working folder
  }, 90_000)

  it('passes every check of the Python example of docs/stdio-protocol.md', async () => {
    const doc = await readFile(fileURLToPath(new URL('../../docs/stdio-protocol.md', import.meta.url)), 'utf8')
    const source = /## A minimal implementation in Python[\s\S]*?```python\n([\s\S]*?)```/.exec(doc)?.[1]
    expect(source).toContain('python-framing-example')
    const script = join(temp, 'pager.py')
    await writeFile(script, source!)
    const diagnosis = await diagnose({ command: ['python3', script], expectedPorts: ['pager'], latencyCalls: 5 })
    expect(statuses(diagnosis)).toEqual(allOk)
    // it logs "handled <method>" on stderr for every request: counted, well under the threshold
    expect(diagnosis.checks.find((check) => check.id === 'stderr')?.summary).toMatch(/^7 lines, \d+ bytes on stderr, under the 16\.0 KiB threshold/)
  })
})

describe('diagnose never leaves a process behind', () => {
  it('kills the whole process group of an implementation that ignores both the end of stdin and SIGTERM', async () => {
    const marker = join(temp, 'stubborn.mjs')
    const server = pathToFileURL(fileURLToPath(new URL('../../fixtures/doctor/tiny-server.mjs', import.meta.url))).href
    await writeFile(
      marker,
      `import { spawn } from 'node:child_process'
import { serveTiny } from ${JSON.stringify(server)}
spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', ${JSON.stringify(marker)}], { stdio: 'ignore' })
process.on('SIGTERM', () => {})
setInterval(() => {}, 1000)
await serveTiny({ name: 'stubborn', exitAtEnd: false })
`,
    )
    const diagnosis = await diagnose({ command: [process.execPath, marker], latencyCalls: 2, graceMs: 300 })
    expect(statuses(diagnosis)).toMatchObject({ handshake: 'ok', 'stdin-close': 'warn', sigterm: 'warn' })
    const running = spawnSync('ps', ['-eo', 'stat=,args='], { encoding: 'utf8' })
      .stdout.split('\n')
      .filter((line) => line.includes(marker) && !line.trim().startsWith('Z'))
    expect(running).toEqual([])
  })
})
