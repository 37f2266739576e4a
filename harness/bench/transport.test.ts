import { describe, expect, test } from 'vitest'
import { benchTransport } from '#harness/bench/transport.ts'

describe('bench transport', () => {
  // a sample of the 1 MB case reads 20 MB over one stdio connection: four samples pass the stdio transport's 64 MiB a
  // scenario unless each sample begins one (the section failed so, unnoticed, once that bound came)
  test('runs both cases over one stdio connection for many samples, and says what stdio adds a call', { timeout: 120_000 }, async () => {
    const rows = await benchTransport({ runs: 3 })
    expect(rows.map((r) => r.name)).toEqual(['pager.read, small read (3 items): stdio vs in process (pager/reference)', 'pager.read, ~1 MB page: stdio vs in process (pager/reference)'])
    for (const row of rows) expect(row.subject.runs).toBe(3), expect(row.note).toMatch(/stdio adds -?[\d.]+ ms a call/)
  })
})
