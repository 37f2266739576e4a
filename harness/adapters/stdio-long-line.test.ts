import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeFakeFolder, type FakeFolder } from '#harness/__test-helpers__/fake-implementation.ts'
import { createStdioAdapter } from '#harness/adapters/stdio-adapter.ts'
import { outputLimits } from '#harness/adapters/stdio/output-limits.ts'

// A reply line far past the buffer sizes programs and libraries commonly stop at (8 MiB: a Go bufio.Scanner raised to
// it, a Node readline with a highWaterMark guess) is read whole: every byte of the one item it carries, in one page.

const mebibyte = 1024 * 1024
let fakes: FakeFolder
beforeAll(async () => {
  fakes = await makeFakeFolder()
})
afterAll(() => fakes.remove())

/** A pager whose one page holds one string item of `params.limit` MiB plus 7 bytes, written as one line with a mark at each end. */
const hugePager = {
  handlers: {
    'pager.setup': `reply(id, null)`,
    'pager.read': `const size = params.limit * ${mebibyte} + 7
reply(id, { items: ['<' + ''.padEnd(size - 2, 'x') + '>'], cursor: null })`,
  },
}

describe('the stdio adapter reads a reply line longer than 8 MiB whole', () => {
  it('a 9 MiB page of one item comes back byte for byte', { timeout: 30_000 }, async () => {
    expect(9 * mebibyte).toBeLessThan(outputLimits.lineBytes) // under the kit's own line limit, past common ones
    const command = await fakes.write('huge-line', hugePager)
    const connection = await createStdioAdapter({ name: 'stdio:huge-line', command }).open()
    try {
      const pager = connection.port('pager')
      await pager.setup({ records: [], ceilings: [{ measure: 'json-bytes', max: 64 * mebibyte }] })
      const result = await pager.read({ collection: 'model-exchanges', limit: 9 })
      expect(result.ok).toBe(true)
      if (!result.ok) return
      const [item] = result.page.items as string[]
      expect(result.page.items).toHaveLength(1)
      expect(item).toHaveLength(9 * mebibyte + 7)
      expect(item.startsWith('<x') && item.endsWith('x>')).toBe(true)
      expect(item.slice(1, -1).replaceAll('x', '')).toBe('')
      expect(result.page.cursor).toBeNull()
    } finally {
      await connection.close()
    }
  })
})
