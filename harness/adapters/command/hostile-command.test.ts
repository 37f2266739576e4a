import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, type TestContext } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { markedProcesses } from '#harness/adapters/__test-helpers__/marked-processes.ts'
import { gone } from '#harness/adapters/__test-helpers__/gone.ts'
import { hostileProgram } from '#harness/adapters/__test-helpers__/hostile-programs.ts'
import { createCommandAdapter } from '#harness/adapters/command-adapter.ts'
import { runCommandLine } from '#harness/adapters/command/run-command-line.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'
import type { SessionClientRequest } from '#harness/ports/session-client-port.ts'

// Hostile client CLIs (harness/adapters/__test-helpers__/hostile-client.mjs), each writing its run's marker and the
// pids it starts to a report file: each run ends in an adapter error naming the limit or the cause, within the run's
// deadline, and no process carrying the run's marker is left.

let folder: string
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-kit-hostile-'))
})
afterAll(() => rm(folder, { recursive: true, force: true }))

const hasSetsid = existsSync('/usr/bin/setsid') || existsSync('/bin/setsid')
const request: SessionClientRequest = { baseUrl: 'http://127.0.0.1:9', sessionId: 'session-1', timeoutMs: 3_000, tryTimeoutMs: 500, output: 'json' }

/** What the hostile client reported: its run's token and every pid it started (the client's own first). */
async function reported(file: string): Promise<{ token: string; pids: number[] }> {
  const lines = (await readFile(file, 'utf8')).trim().split('\n').map((line) => JSON.parse(line) as { token?: string; pid: number })
  return { token: lines[0].token!, pids: lines.map((line) => line.pid) }
}

/** Checks that nothing carrying the run's marker runs any more, nor any pid the client reported. */
async function checkNoneLeft(file: string, context: TestContext, atLeast: number): Promise<void> {
  const { token, pids } = await reported(file)
  expect(pids.length).toBeGreaterThanOrEqual(atLeast)
  expect(markedProcesses(token)).toEqual([])
  for (const pid of pids) expect(gone(pid), `pid ${pid} still runs`).toBe(true)
  await context.annotate(`kit RSS after the run: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB (reported, not judged)`)
}

/** Runs the hostile client in `mode` through the command adapter; resolves with the adapter error and the report file. */
async function runAdapter(mode: string): Promise<{ error: Awaited<ReturnType<typeof adapterRejection>>; file: string }> {
  const file = join(folder, `${mode}.jsonl`)
  const adapter = createCommandAdapter({ name: `command:hostile ${mode}`, template: hostileProgram('client', mode, file), graceMs: 1_000 })
  const connection = await adapter.open()
  const error = await adapterRejection(connection.port('session-client').run(request))
  return { error, file }
}

describe.runIf(process.platform === 'linux')('the command adapter against hostile clients', () => {
  it('stops a client flooding stdout at the stdout limit, having read no more than it', async (context) => {
    const file = join(folder, 'outcome-stdout-flood.jsonl')
    const outcome = await runCommandLine(hostileProgram('client', 'stdout-flood', file), { killAfterMs: 3_000 })
    expect(outcome.killed).toBe(false)
    expect(outcome.overLimit).toBe(`stdout: more than 16 MiB written in one run; the limit is 16 MiB (${outputLimits.commandStdoutBytes} bytes)`)
    expect(outcome.stdout.length).toBeLessThanOrEqual(outputLimits.commandStdoutBytes)
    expect(markedProcesses(outcome.token)).toEqual([])
    await checkNoneLeft(file, context, 1)
  })

  it('turns a stdout flood into a protocol error naming the limit', async (context) => {
    const { error, file } = await runAdapter('stdout-flood')
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('wrote too much: stdout: more than 16 MiB written in one run; the limit is 16 MiB')
    await checkNoneLeft(file, context, 1)
  })

  it('turns a stderr flood into a protocol error naming the limit, keeping only the end of stderr', async (context) => {
    const { error, file } = await runAdapter('stderr-flood')
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain(`stderr: more than 64 MiB written in one run; the limit is 64 MiB (${outputLimits.commandStderrBytes} bytes)`)
    expect(Buffer.byteLength(error.stderr)).toBeLessThan(outputLimits.stderrTailBytes + 100)
    await checkNoneLeft(file, context, 1)
  })

  it('settles when the client exits though a setsid child holds its stdout, and ends that child', async (context) => {
    const { error, file } = await runAdapter('setsid-holds-stdout')
    const { pids } = await reported(file)
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('exited with code 0, but a process it started still held its stdout open')
    expect(error.message).toContain(`pid ${pids[1]} (node, a session of its own)`)
    await checkNoneLeft(file, context, 2)
  })

  it('kills a client that never exits at its deadline, with the setsid child holding its stdout', async (context) => {
    const { error, file } = await runAdapter('setsid-child-and-hang')
    expect(error.failure).toBe('timeout')
    expect(error.message).toContain('still ran 1000 ms after its 3000 ms deadline; killed, with every process it started')
    await checkNoneLeft(file, context, 2)
  })

  it('ends a daemon the client left (double fork, setsid) and names it', async (context) => {
    const { error, file } = await runAdapter('daemon')
    const { pids } = await reported(file)
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain(`exited with code 0, but it left pid ${pids[2]} (node, a session of its own) running`)
    await checkNoneLeft(file, context, 3)
  })

  it.runIf(hasSetsid)('ends what a shell script leaves with setsid(1): a child holding stdout, and a daemon', async () => {
    const held = await runCommandLine(['sh', '-c', 'setsid sleep 30 & echo answer'], { killAfterMs: 3_000 })
    expect(held).toMatchObject({ exitCode: 0, stdout: 'answer\n', killed: false, stdoutHeld: true })
    expect(held.leftBehind).toMatch(/^pid \d+ \(sleep, a session of its own\)$/)
    expect(markedProcesses(held.token)).toEqual([])
    const daemon = await runCommandLine(['sh', '-c', '(setsid sh -c "sleep 30 &" </dev/null >/dev/null 2>&1 &); echo answer'], { killAfterMs: 3_000 })
    expect(daemon).toMatchObject({ exitCode: 0, stdout: 'answer\n', stdoutHeld: false })
    expect(daemon.leftBehind).toMatch(/pid \d+ \((sh|setsid|sleep)[,)]/) // whichever step of the double fork it reached
    expect(markedProcesses(daemon.token)).toEqual([])
  })
})
