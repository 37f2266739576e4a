import { describe, expect, it, type TestContext } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { markedProcesses } from '#harness/adapters/__test-helpers__/marked-processes.ts'
import { gone } from '#harness/adapters/__test-helpers__/gone.ts'
import { hostileProgram } from '#harness/adapters/__test-helpers__/hostile-programs.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { JsonRpcProcess } from '#harness/adapters/stdio/json-rpc-process.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'

// Hostile implementations (harness/adapters/__test-helpers__/hostile-stdio.mjs): each one ends in an adapter error
// naming the limit or the cause, and no process carrying the run's marker is left once the connection is closed.

/**
 * Starts a hostile implementation in `mode`, completes the handshake, and checks its process carries the run's marker.
 * A call may take 60 s: each limit judged here must be reached before the call's time is up, even on a busy machine
 * (writing and reading 32 MiB of blank lines took over 5 s under load, and was judged a timeout).
 */
async function start(mode: string): Promise<JsonRpcProcess> {
  const rpc = await JsonRpcProcess.start({ command: hostileProgram('stdio', mode), timeoutMs: 60_000, closeGraceMs: 300 })
  expect(await rpc.call('initialize', {})).toMatchObject({ ok: true, result: { name: `hostile-${mode}` } })
  expect(markedProcesses(rpc.runToken)).toContain(rpc.pid)
  return rpc
}

/** Closes the connection and checks nothing carrying its marker runs any more (and the pids given are gone). */
async function closeAndCheck(rpc: JsonRpcProcess, context: TestContext, ...pids: number[]): Promise<void> {
  await rpc.close()
  expect(markedProcesses(rpc.runToken)).toEqual([])
  for (const pid of [rpc.pid!, ...pids]) expect(gone(pid), `pid ${pid} still runs`).toBe(true)
  await context.annotate(`kit RSS after the run: ${Math.round(process.memoryUsage().rss / 2 ** 20)} MiB (reported, not judged)`)
}

describe.runIf(process.platform === 'linux')('JsonRpcProcess against hostile implementations', { timeout: 120_000 }, () => {
  it('stops a stdout line that never ends at the line limit', async (context) => {
    const rpc = await start('line-flood')
    const error = await adapterRejection(rpc.call('misbehave'))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('stdout: a line longer than 16 MiB without a newline while `misbehave` was waiting for its answer')
    expect(error.message).toContain(`the limit is 16 MiB (${outputLimits.lineBytes} bytes) a line`)
    await closeAndCheck(rpc, context)
  })

  it('stops a complete answer line over the line limit before decoding it', async (context) => {
    const rpc = await start('huge-answer')
    const error = await adapterRejection(rpc.call('misbehave'))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('stdout: a line longer than 16 MiB')
    await closeAndCheck(rpc, context)
  })

  it('stops a flood of blank lines at the stdout limit of a call', async (context) => {
    const rpc = await start('blank-flood')
    const error = await adapterRejection(rpc.call('misbehave'))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain(`stdout: more than 32 MiB written from one request to the next while \`misbehave\` was waiting for its answer; the limit is 32 MiB (${outputLimits.stdoutBytesPerCall} bytes)`)
    await closeAndCheck(rpc, context)
  })

  it('stops endless stderr at the stderr limit of a call, keeping only its end', async (context) => {
    const rpc = await start('stderr-flood')
    const error = await adapterRejection(rpc.call('misbehave'))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain(`stderr: more than 64 MiB written from one request to the next while \`misbehave\` was waiting for its answer; the limit is 64 MiB (${outputLimits.stderrBytesPerCall} bytes)`)
    expect(Buffer.byteLength(error.stderr)).toBeLessThan(outputLimits.stderrTailBytes + 100)
    await closeAndCheck(rpc, context)
  })

  it('reports an exit within the drain when a setsid child holds stdout, and ends that child', async (context) => {
    const rpc = await start('setsid-holds-stdout')
    const { result } = (await rpc.call('misbehave')) as { result: { pid: number } }
    expect(markedProcesses(rpc.runToken)).toContain(result.pid)
    const error = await adapterRejection(rpc.call('pager.setup', {}))
    expect(error.failure).toBe('crashed')
    expect(error.message).toContain('exited with code 0')
    expect(error.message).toContain('a process it started still held its stdout open')
    expect(error.message).toContain(`pid ${result.pid} (node, a session of its own)`)
    expect(gone(result.pid)).toBe(true)
    await closeAndCheck(rpc, context, result.pid)
  })

  it('ends a daemon at close and names it', async (context) => {
    const rpc = await start('daemon')
    const { result } = (await rpc.call('misbehave')) as { result: { pid: number } }
    expect(markedProcesses(rpc.runToken)).toEqual(expect.arrayContaining([rpc.pid, result.pid]))
    await closeAndCheck(rpc, context, result.pid)
    expect(rpc.leftBehind()).toContain(`pid ${result.pid} (node, a session of its own)`)
  })

  it('names the daemon an implementation left when it exits mid-call, and ends it', async (context) => {
    const rpc = await start('daemon-then-exit')
    const error = await adapterRejection(rpc.call('misbehave'))
    const daemon = Number(/started daemon (\d+)/.exec(error.stderr)?.[1])
    expect(error.failure).toBe('crashed')
    expect(error.message).toContain('exited with code 3 while `misbehave` was waiting for its answer')
    expect(error.message).toContain(`it left 1 process running, which the kit stopped: pid ${daemon} (node, a session of its own)`)
    await closeAndCheck(rpc, context, daemon)
  })
})

describe.runIf(process.platform === 'linux')('the stdio adapter against a hostile implementation', () => {
  it('turns a stdout line that never ends into a protocol error of the pager port', async () => {
    const connection = await createStdioAdapter({ name: 'stdio:hostile', command: hostileProgram('stdio', 'line-flood'), closeGraceMs: 300 }).open()
    try {
      const error = await adapterRejection(connection.port('pager').read({ collection: 'model-exchanges' }))
      expect(error.failure).toBe('protocol')
      expect(error.message).toContain('stdout: a line longer than 16 MiB without a newline while `pager.read` was waiting for its answer')
    } finally {
      await connection.close()
    }
    expect(gone(connection.system.pid!)).toBe(true)
  })
})
