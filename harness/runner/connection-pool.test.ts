import { expect, test } from 'vitest'
import type { Adapter, Connection } from '#harness/adapters/adapter.ts'
import { ConnectionPool } from '#harness/runner/connection-pool.ts'

/** An adapter counting the connections it opened and closed. */
function countingAdapter(): Adapter & { opened: number; closed: number } {
  const adapter = {
    name: 'counting',
    opened: 0,
    closed: 0,
    async open(): Promise<Connection> {
      adapter.opened++
      return { system: { name: 'counting', transport: 'in-process', ports: [] }, port: () => { throw new Error('no port') }, observes: [], stderr: () => '', close: async () => void adapter.closed++ }
    },
  }
  return adapter
}

test('a pool shares one connection across scenarios; a fresh pool opens one per scenario and closes it when the scenario is done', async () => {
  const shared = countingAdapter()
  const pool = new ConnectionPool()
  for (let i = 0; i < 3; i++) {
    await pool.connection(shared)
    await pool.release(shared)
  }
  expect([shared.opened, shared.closed]).toEqual([1, 0])
  await pool.closeAll()
  expect(shared.closed).toBe(1)

  const fresh = countingAdapter()
  const freshPool = new ConnectionPool({ fresh: true })
  for (let i = 0; i < 3; i++) {
    await freshPool.connection(fresh)
    await freshPool.release(fresh)
  }
  expect([fresh.opened, fresh.closed]).toEqual([3, 3])
})
