import { readFileSync } from 'node:fs'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { makeFakeFolder, type FakeFolder } from '#harness/__test-helpers__/fake-implementation.ts'
import { JsonRpcProcess } from '#harness/adapters/stdio/json-rpc-process.ts'

let fakes: FakeFolder
beforeAll(async () => {
  fakes = await makeFakeFolder()
})
afterAll(() => fakes.remove())

/** A process is gone when no process has its pid, or only a zombie waiting to be reaped. */
function gone(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch {
    return true
  }
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.startsWith('Z') ?? false
  } catch {
    return true
  }
}


describe('JsonRpcProcess', () => {
  it('sends requests with increasing ids, one at a time, and keeps stderr', async () => {
    const command = await fakes.write('echo', {
      handlers: { echo: `process.stderr.write('echo ' + id + '\\n'); reply(id, { id, params })` },
    })
    const rpc = await JsonRpcProcess.start({ command })
    const calls = [rpc.call('echo', { n: 1 }), rpc.call('echo', { n: 2 }), rpc.call('echo')]
    expect(await Promise.all(calls)).toEqual([
      { ok: true, result: { id: 1, params: { n: 1 } } },
      { ok: true, result: { id: 2, params: { n: 2 } } },
      { ok: true, result: { id: 3 } },
    ])
    await rpc.close()
    expect(rpc.stderr()).toBe('echo 1\necho 2\necho 3\n')
  })

  it('returns a JSON-RPC error answer as an outcome, not as an exception', async () => {
    const rpc = await JsonRpcProcess.start({ command: await fakes.write('errors', { handlers: {} }) })
    expect(await rpc.call('nope')).toEqual({ ok: false, error: { code: -32601, message: 'Method not found: nope' } })
    await rpc.close()
  })

  it('reads at most the scenario bound over one scenario\'s calls, counted again from each beginScenario()', async () => {
    const command = await fakes.write('kilobyte', { handlers: { kilobyte: `reply(id, { text: 'x'.repeat(1000) })` } })
    const rpc = await JsonRpcProcess.start({ command, maxStdoutBytesPerScenario: 2500 })
    const kilobyte = () => rpc.call('kilobyte').then((o) => o.ok)
    expect([await kilobyte(), await kilobyte()]).toEqual([true, true]) // 2 × about 1,050 bytes
    rpc.beginScenario()
    expect([await kilobyte(), await kilobyte()]).toEqual([true, true])
    const error = await adapterRejection(rpc.call('kilobyte'))
    expect([error.failure, error.message]).toEqual(['protocol', expect.stringMatching(/^stdout: more than 2\.4 KiB written in one scenario while `kilobyte` was waiting for its answer; the limit is 2\.4 KiB \(2500 bytes\); every answer is kept to be judged, and the implementation was stopped/)])
    await rpc.close()
  })

  it('reads an answer of several megabytes with non-ASCII text', async () => {
    const command = await fakes.write('big', {
      handlers: { big: `reply(id, { items: Array.from({ length: 100000 }, (_, i) => 'item ' + i + ' — 🔎 é') })` },
    })
    const rpc = await JsonRpcProcess.start({ command })
    const outcome = await rpc.call('big')
    const items = (outcome as { result: { items: string[] } }).result.items
    expect(items).toHaveLength(100_000)
    expect(items[99_999]).toBe('item 99999 — 🔎 é')
    await rpc.close()
  })

  it('fails with a protocol error when the answer has the wrong id, and stays failed', async () => {
    const rpc = await JsonRpcProcess.start({
      command: await fakes.write('wrong-id', { handlers: { ask: `reply(id + 7, 'late')` } }),
    })
    const error = await adapterRejection(rpc.call('ask'))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('answered id 8 but the request in flight has id 1 (`ask`)')
    const again = await adapterRejection(rpc.call('ask'))
    expect(again.failure).toBe('protocol')
    expect(again.message).toContain('cannot call `ask`, the connection is unusable')
    await rpc.close()
  })

  it('reports an exit between calls at the next call', async () => {
    const command = await fakes.write('exits', { handlers: { bye: `reply(id, 'bye'); process.exit(0)` } })
    const rpc = await JsonRpcProcess.start({ command })
    expect(await rpc.call('bye')).toEqual({ ok: true, result: 'bye' })
    const error = await adapterRejection(rpc.call('bye'))
    expect(error.failure).toBe('crashed')
    expect(error.message).toContain('exited with code 0')
    await rpc.close()
  })

  it('fails to start a program that does not exist', async () => {
    const error = await adapterRejection(JsonRpcProcess.start({ command: ['contract-kit-no-such-program'] }))
    expect(error.failure).toBe('spawn')
    expect(error.message).toContain('contract-kit-no-such-program')
    expect((await adapterRejection(JsonRpcProcess.start({ command: [] }))).failure).toBe('spawn')
  })

  it.runIf(process.platform === 'linux')(
    'close() stops a process that ignores end of input and SIGTERM, and whatever it started',
    async () => {
      const command = await fakes.write('stubborn', {
        prelude: `import { spawn } from 'node:child_process'
process.on('SIGTERM', () => {})
setInterval(() => {}, 1000)
const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] })`,
        handlers: { pids: `reply(id, { pid: process.pid, grandchild: grandchild.pid })` },
      })
      const rpc = await JsonRpcProcess.start({ command, closeGraceMs: 50 })
      const { result } = (await rpc.call('pids')) as { result: { pid: number; grandchild: number } }
      expect(result.pid).toBe(rpc.pid)
      await rpc.close()
      expect(gone(result.pid)).toBe(true)
      expect(gone(result.grandchild)).toBe(true)
      const error = await adapterRejection(rpc.call('pids'))
      expect(error.message).toContain('the connection was closed by the kit')
    },
  )
})
