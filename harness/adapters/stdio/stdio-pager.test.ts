import { describe, expect, it } from 'vitest'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import type { JsonRpcOutcome } from '#harness/adapters/stdio/json-rpc-process.ts'
import { createStdioPager } from '#harness/adapters/stdio/stdio-pager.ts'

/** A caller that records each call and answers with the next canned outcome. */
function caller(...outcomes: JsonRpcOutcome[]) {
  const calls: { method: string; params: unknown }[] = []
  return {
    calls,
    call: async (method: string, params?: unknown) => {
      calls.push({ method, params })
      return outcomes.shift() ?? { ok: true, result: null }
    },
    stderr: () => 'log line\n',
  }
}


describe('createStdioPager', () => {
  it('sends setup and read params, leaving out what the caller left out', async () => {
    const rpc = caller({ ok: true, result: null }, { ok: true, result: { items: [], cursor: null } })
    const pager = createStdioPager(rpc)
    await pager.setup({ records: [], ceilings: [{ measure: 'retained-bytes', max: 1234 }] })
    await pager.read({ collection: 'model-exchanges', cursor: null })
    expect(rpc.calls).toEqual([
      { method: 'pager.setup', params: { records: [], ceilings: [{ measure: 'retained-bytes', max: 1234 }] } },
      { method: 'pager.read', params: { collection: 'model-exchanges', cursor: null } },
    ])
  })

  it('turns a -32000 error with data.code into a pager error', async () => {
    const data = { code: 'result_limit_exceeded', cursor: 'c40' }
    const pager = createStdioPager(caller({ ok: false, error: { code: -32000, message: 'item 39 alone exceeds retained-bytes 1234', data } }))
    expect(await pager.read({ collection: 'model-exchanges', limit: 5 })).toEqual({
      ok: false,
      error: { code: 'result_limit_exceeded', message: 'item 39 alone exceeds retained-bytes 1234', data },
    })
  })

  it('fails with AdapterError on a -32000 error without data.code, and on a result that is not a page', async () => {
    const pager = createStdioPager(
      caller({ ok: false, error: { code: -32000, message: 'too big' } }, { ok: true, result: { items: [] } }, { ok: true, result: 'ok' }),
    )
    const noCode = await adapterRejection(pager.read({ collection: 'model-exchanges' }))
    expect([noCode.failure, noCode.stderr]).toEqual(['implementation', 'log line\n'])
    expect(noCode.message).toContain('a pager error needs "data": { "code": "<error code>" }')
    const noCursor = await adapterRejection(pager.read({ collection: 'model-exchanges' }))
    expect(noCursor.failure).toBe('protocol')
    expect(noCursor.message).toContain('not {"items":[]}')
    expect((await adapterRejection(pager.setup({ records: [], ceilings: [] }))).message).toBe('pager.setup must answer null or {}, not "ok"')
  })
})
