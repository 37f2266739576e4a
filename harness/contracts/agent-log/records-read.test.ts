import { describe, expect, test } from 'vitest'
import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import { recordsRead } from '#harness/contracts/agent-log/records-read.ts'

const row = (agentId: string, startedAt: string, sessionId = 's-1') => ({ sessionId, agentId, startedAt }) as AgentRecord

describe('recordsRead', () => {
  test('the first row of each agent, how many name the agents named more than once, and the objects among the records', () => {
    const a = row('a', '2026-01-01T00:00:01Z')
    const records = [a, row('b', '2026-01-01T00:00:02Z'), row('a', '2026-01-01T00:00:03Z'), null, 'x', row('a', '2026-01-01T00:00:04Z')] as unknown as AgentRecord[]
    const read = recordsRead(records, 's-1')
    expect(read.first.get('a')).toBe(a)
    expect([...read.first.keys()]).toEqual(['a', 'b'])
    expect([...read.more]).toEqual([['a', 3]])
    expect(read).toMatchObject({ objects: 4, otherSession: 0, outOfOrderAt: -1 })
  })
  test('counts the rows of another session, and finds the first record out of order, counting objects only', () => {
    const records = [row('a', '2026-01-01T00:00:01Z'), null, row('c', '2026-01-01T00:00:03Z', 's-2'), row('b', '2026-01-01T00:00:02Z'), row('a', '2026-01-01T00:00:00Z')] as unknown as AgentRecord[]
    expect(recordsRead(records, 's-1')).toMatchObject({ objects: 4, otherSession: 1, outOfOrderAt: 2 })
  })
  test('read once per answer: the same records give the same read', () => {
    const records = [row('a', '')]
    expect(recordsRead(records, 's-1')).toBe(recordsRead(records, 's-1'))
    expect(recordsRead(records, 's-2')).toMatchObject({ objects: 1, otherSession: 1 })
  })
})
