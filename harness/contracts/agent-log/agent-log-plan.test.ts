import { describe, expect, test } from 'vitest'
import { agentLogPlan } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { AgentLogGiven } from '#harness/contracts/agent-log/agent-log-plan.ts'
import type { AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'

const given = { workspace: 'sandboxed', store: 'writable', uiEventCap: 200, session: 's-1' } as unknown as AgentLogGiven

describe('agentLogPlan', () => {
  test('an agent is one object at the checks that expect the same of it, and a new one once anything it is judged by changed', () => {
    const steps: AgentLogStep[] = [{ start: { agent: 'a' } } as AgentLogStep, 'check', 'check', { activity: 1 }, 'check', 'kill', 'check', { complete: { agent: 'a' } } as AgentLogStep, 'check']
    const at = agentLogPlan(given, steps).checks.map((c) => c.expected[0]!)
    expect(at[1]).toBe(at[0])
    expect(at.map((a) => [a.eventsSince, a.restartedSince, a.last])).toEqual([
      [0, false, 'start'],
      [0, false, 'start'],
      [1, false, 'start'],
      [1, true, 'start'],
      [0, false, 'complete'],
    ])
    expect(new Set(at).size).toBe(4)
  })
  test('every agent of every session gets its own index below the plan’s count of agents, the same at every check', () => {
    const steps: AgentLogStep[] = [{ start: { agent: 'a' } }, { setup: { session: 's-2' } }, { start: { agent: 'a' } }, { start: { agent: 'b' } }, 'check', { setup: { session: 's-1' } }, 'check', { complete: { agent: 'a' } }, 'check'] as AgentLogStep[]
    const plan = agentLogPlan(given, steps)
    expect(plan.agents).toBe(3)
    expect(plan.checks.map((c) => c.expected.map((a) => `${c.sessionId}/${a.agentId}#${a.index}`))).toEqual([['s-2/a#1', 's-2/b#2'], ['s-1/a#0'], ['s-1/a#0']])
  })
})
