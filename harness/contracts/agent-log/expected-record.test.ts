import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import type { AgentRecord } from '#harness/ports/agent-log-port.ts'
import type { ExpectedAgent } from '#harness/contracts/agent-log/agent-log-plan.ts'
import { expectedRecord, isTimestamp, recordMatches, wrongFields } from '#harness/contracts/agent-log/expected-record.ts'

const text = fc.constantFrom('', 'a', 'b', 'gate-1', 's-1', 'completed', 'running', 'failed', '2026-08-12T09:00:00.000Z', '2026-08-12 09:00:00', '2026-08-12T09:00:00Z', '2026-08-12T09:00:00.000', '2026-02-30T09:00', 'x')
const field = fc.oneof({ weight: 9, arbitrary: text }, { weight: 1, arbitrary: fc.constantFrom(undefined, null, 3) })

const agent: fc.Arbitrary<ExpectedAgent> = fc.record({
  index: fc.nat(9),
  agentId: text,
  sessionId: text,
  status: text,
  started: fc.boolean(),
  completed: fc.boolean(),
  start: fc.option(fc.record({ name: text, kind: text, parent: text }), { nil: undefined }),
  startStep: fc.option(fc.nat(9), { nil: undefined }),
  completeStep: fc.option(fc.nat(9), { nil: undefined }),
  outcome: fc.option(fc.record({ status: text, result: text, error: text, duration: text }), { nil: undefined }),
  last: fc.constantFrom('start' as const, 'complete' as const),
  eventsSince: fc.nat(9),
  restartedSince: fc.boolean(),
  reusedSince: fc.boolean(),
})

/** A record near the agent's expected one: each field either the one the agent implies or an arbitrary value. */
const nearRecord = (a: ExpectedAgent): fc.Arbitrary<AgentRecord> => {
  const implied: Record<string, unknown> = {
    sessionId: a.sessionId,
    agentId: a.agentId,
    name: a.start?.name ?? '',
    kind: a.start?.kind ?? '',
    parentExecutionId: a.start?.parent ?? '',
    status: a.status,
    result: a.completed && a.last === 'complete' ? (a.outcome?.result ?? '') : '',
    error: a.completed && a.last === 'complete' ? (a.outcome?.error ?? '') : '',
    duration: a.completed && a.last === 'complete' ? (a.outcome?.duration ?? '') : '',
    startedAt: a.started ? '2026-08-12T09:00:00.000Z' : '',
    completedAt: a.completed && a.last === 'complete' ? '2026-08-12T09:01:00.000Z' : '',
  }
  return fc.record(Object.fromEntries(Object.entries(implied).map(([k, v]) => [k, fc.oneof({ weight: 4, arbitrary: fc.constant(v) }, { weight: 1, arbitrary: field })]))) as unknown as fc.Arbitrary<AgentRecord>
}

describe('recordMatches', () => {
  test('is true exactly when wrongFields finds no field wrong', () => {
    fc.assert(
      fc.property(
        agent.filter((a) => !(a.completed && a.last === 'complete') || a.outcome !== undefined).chain((a) => fc.tuple(fc.constant(a), nearRecord(a))),
        ([a, record]) => {
          expect(recordMatches(record, a)).toBe(wrongFields(record, expectedRecord(a)).length === 0)
        },
      ),
      { seed: 20261201, numRuns: 5000 },
    )
  })
})

describe('isTimestamp: UTC as toISOString() writes it', () => {
  // issue 24: a log stamping local time (no Z) or whole seconds was held, where the docs say "in UTC as toISOString() does"
  test('milliseconds and Z, a T between date and time, a real date', () => {
    expect(isTimestamp('2026-08-12T09:00:00.000Z')).toBe(true)
    expect(isTimestamp(new Date(0).toISOString())).toBe(true)
    for (const wrong of ['2026-08-12T09:00:00Z', '2026-08-12T09:00:00.000', '2026-08-12T11:00:00.000+02:00', '2026-08-12 09:00:00', '2026-08-12T09:00:00.000000Z', '2026-13-12T09:00:00.000Z', '', 'x']) {
      expect(isTimestamp(wrong), wrong).toBe(false)
    }
  })
})
