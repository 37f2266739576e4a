import { describe, expect, test } from 'vitest'
import { createStdioToolOutput } from '#harness/adapters/stdio/stdio-tool-output.ts'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import type { ToolOutputRequest } from '#harness/ports/tool-output-port.ts'

const request: ToolOutputRequest = { output: 'x'.repeat(10), cap: { unit: 'runes', max: 4 }, spill: { policy: 'none' } }
const caller = (outcome: JsonRpcOutcome, calls: unknown[] = []) => ({ call: async (method: string, params?: unknown) => (calls.push([method, params]), outcome), stderr: () => 'log\n' })

describe('createStdioToolOutput', () => {
  test('sends the request as tool-output.run and returns the answer', async () => {
    const calls: unknown[] = []
    const answer = { inline: 'xxxx', banner: 'cut', remedies: [], recovery: null, spillPath: null }
    expect(await createStdioToolOutput(caller({ ok: true, result: answer }, calls)).run(request)).toEqual(answer)
    expect(calls).toEqual([['tool-output.run', request]])
  })
  test('an error answer is an error that reached the caller (an implementation failure), with stderr', async () => {
    const error = await adapterRejection(createStdioToolOutput(caller({ ok: false, error: { code: -32603, message: 'spill failed' } })).run(request))
    expect(error).toMatchObject({ failure: 'implementation', stderr: 'log\n' })
    expect(error.message).toContain('spill failed')
  })
  test('an answer of the wrong shape is a protocol error that quotes it', async () => {
    const error = await adapterRejection(createStdioToolOutput(caller({ ok: true, result: { inline: 3 } })).run(request))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('"inline":3')
  })
})
