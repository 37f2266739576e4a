import { spawnSync } from 'node:child_process'
import { adapterRejection } from '#harness/__test-helpers__/adapter-rejection.ts'
import { readFileSync } from 'node:fs'
import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { deriveCollection } from '#fixtures/analysis-run/derive-collection.ts'
import { loadAnalysisRun } from '#fixtures/analysis-run/analysis-runs.ts'
import { AdapterError } from '#harness/adapters/adapter-error.ts'
import { makeFakeFolder, type FakeFolder } from '#harness/__test-helpers__/fake-implementation.ts'
import { createStdioAdapter, type StdioAdapterOptions } from '#harness/adapters/stdio-adapter.ts'

let fakes: FakeFolder
beforeAll(async () => {
  fakes = await makeFakeFolder()
})
afterAll(() => fakes.remove())

/** A pager that serves `setup.records` as one collection, `limit` items a page, with a numeric cursor. */
const goodPager = {
  prelude: `let records = null
process.stderr.write('good pager starting\\n')`,
  handlers: {
    initialize: `reply(id, { name: 'good-pager', version: '1.0.0', ports: ['pager', 'teleporter'] })`,
    'pager.setup': `records = params.records; reply(id, null)`,
    'pager.read': `if (params.collection !== 'records') return fail(id, -32000, 'no collection named ' + params.collection, { code: 'unknown_collection' })
const start = Number(params.cursor ?? 0), limit = params.limit ?? 100
const end = Math.min(start + limit, records.length)
reply(id, { items: records.slice(start, end), cursor: end < records.length ? String(end) : null, total: records.length })`,
  },
}

async function open(name: string, fake: Parameters<FakeFolder['write']>[1], options: Partial<StdioAdapterOptions> = {}) {
  const command = await fakes.write(name, fake)
  return createStdioAdapter({ name: `stdio:${name}`, command, ...options }).open()
}


const records = [1, 2, 3].map((seq) => ({ seq, record_type: 'evaluation-source', payload: { turn: seq, source: `(step ${seq}) é` } }))

describe('createStdioAdapter', () => {
  it('completes the handshake and maps the pager port to pager.setup and pager.read', async () => {
    const connection = await open('good', goodPager)
    try {
      expect(connection.system).toEqual({
        name: 'good-pager',
        transport: 'stdio',
        ports: ['pager'],
        pid: expect.any(Number),
        command: [process.execPath, expect.stringMatching(/good\.mjs$/)],
      })
      const pager = connection.port('pager')
      await pager.setup({ records, ceilings: [{ measure: 'json-bytes', max: 10_000 }] })
      expect(await pager.read({ collection: 'records', limit: 2 })).toEqual({
        ok: true,
        page: { items: records.slice(0, 2), cursor: '2', total: 3 },
      })
      expect(await pager.read({ collection: 'records', limit: 2, cursor: '2' })).toEqual({
        ok: true,
        page: { items: records.slice(2), cursor: null, total: 3 },
      })
      expect(await pager.read({ collection: 'nope' })).toEqual({
        ok: false,
        error: { code: 'unknown_collection', message: 'no collection named nope', data: { code: 'unknown_collection' } },
      })
    } finally {
      await connection.close()
    }
    expect(connection.stderr()).toBe('good pager starting\n')
  })

  it('refuses a port the implementation did not declare', async () => {
    const connection = await open('no-ports', { handlers: { initialize: `reply(id, { name: 'bare', ports: ['teleporter'] })` } })
    try {
      expect(connection.system.ports).toEqual([])
      const error = await adapterRejection((async () => connection.port('pager'))())
      expect(error.failure).toBe('handshake')
      expect(error.message).toContain(`bare did not declare the port 'pager'`)
    } finally {
      await connection.close()
    }
  })

  it('quotes a banner printed on stdout before the handshake and says logs belong on stderr', async () => {
    const error = await adapterRejection(open('banner', { prelude: `console.log('Pager server v2 listening on stdio')`, handlers: {} }))
    expect(error.failure).toBe('protocol')
    expect(error.message).toContain('"Pager server v2 listening on stdio"')
    expect(error.message).toContain('must write its logs to stderr')
  })

  it('quotes an initialize answer that is not { name, ports }', async () => {
    const error = await adapterRejection(open('bad-handshake', { handlers: { initialize: `reply(id, { ports: 'pager' })` } }))
    expect(error.failure).toBe('handshake')
    expect(error.message).toContain('it answered {"ports":"pager"}')
  })

  it('times out a pager.read that is never answered, stops the implementation, and fails later calls', async () => {
    const connection = await open('silent', { handlers: { 'pager.read': `` } }, { timeoutMs: 100 })
    try {
      const pager = connection.port('pager')
      const error = await adapterRejection(pager.read({ collection: 'model-exchanges' }))
      expect(error.failure).toBe('timeout')
      expect(error.message).toContain('`pager.read` got no answer within 100 ms')
      const later = await adapterRejection(pager.read({ collection: 'model-exchanges' }))
      expect(later.failure).toBe('timeout')
    } finally {
      await connection.close()
    }
  })

  it('reports a crash mid-call with the exit code and the end of stderr', async () => {
    const connection = await open('crashes', {
      handlers: { 'pager.read': `process.stderr.write('panic: index out of range [7]\\n'); process.exit(3)` },
    })
    try {
      const error = await adapterRejection(connection.port('pager').read({ collection: 'capability-calls' }))
      expect(error.failure).toBe('crashed')
      expect(error.message).toContain('exited with code 3 while `pager.read` was waiting for its answer')
      expect(error.message).toContain('panic: index out of range [7]')
      expect(error.stderr).toContain('panic: index out of range [7]')
    } finally {
      await connection.close()
    }
  })

  it('treats a JSON-RPC error that is not a pager error as an implementation failure', async () => {
    const connection = await open('unknown-method', {
      handlers: { 'pager.setup': `fail(id, -32000, 'disk full')` },
    })
    try {
      const pager = connection.port('pager')
      const missing = await adapterRejection(pager.read({ collection: 'model-exchanges' }))
      expect(missing.failure).toBe('implementation')
      expect(missing.message).toContain('pager.read answered JSON-RPC error -32601: "Method not found: pager.read"')
      const noCode = await adapterRejection(pager.setup({ records: [], ceilings: [] }))
      expect(noCode.failure).toBe('implementation')
      expect(noCode.message).toContain('-32000: "disk full"')
    } finally {
      await connection.close()
    }
  })
})

const python = ['python3', 'python'].find((name) => spawnSync(name, ['--version']).status === 0)

// Python 3 is on every machine the kit runs on (CI included), so this never skips: a missing python3 fails it.
describe('the Python example in docs/stdio-protocol.md', () => {
  it('keeps the framing and derives the collections of docs/fixtures.md', async () => {
    const doc = readFileSync(new URL('../../docs/stdio-protocol.md', import.meta.url), 'utf8')
    const source = /```python\n([\s\S]*?)```/.exec(doc)?.[1]
    expect(source).toBeDefined()
    const script = join(fakes.dir, 'pager.py')
    await writeFile(script, source as string)
    expect(python, 'python3 is needed to run the documented example').toBeDefined()
    const connection = await createStdioAdapter({ name: 'stdio:python3 pager.py', command: [python as string, script] }).open()
    try {
      expect(connection.system).toMatchObject({ name: 'python-framing-example', ports: ['pager'] })
      const { records } = loadAnalysisRun('analysis-run/six-turns')
      const pager = connection.port('pager')
      await pager.setup({ records, ceilings: [] })
      for (const collection of ['model-exchanges', 'capability-calls']) {
        const outcome = await pager.read({ collection })
        expect(outcome).toEqual({ ok: true, page: { items: deriveCollection(records, collection)?.items, cursor: null } })
      }
      expect(await pager.read({ collection: 'nope' })).toEqual({
        ok: false,
        error: { code: 'unknown_collection', message: 'no collection named "nope"', data: { code: 'unknown_collection' } },
      })
    } finally {
      await connection.close()
    }
    expect(connection.stderr()).toContain('handled pager.read')
  })
})
