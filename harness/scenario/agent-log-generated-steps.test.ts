import { describe, expect, test } from 'vitest'
import { agentLogScenarioSchema } from '#harness/scenario/agent-log-scenario-schema.ts'
import type { AgentLogStep } from '#harness/scenario/agent-log-scenario-schema.ts'

// A `generate` step writes an agent-log session by its operations: it expands, in place, into ordinary steps drawn
// from its seed, with exactly the operations its parameters count, each agent's events in order.

const parse = (steps: unknown[], given: object = {}) => agentLogScenarioSchema.safeParse({ title: 't', port: 'agent-log', given, steps })
const stepsOf = (steps: unknown[], given: object = {}): AgentLogStep[] => {
  const result = parse(steps, given)
  if (!result.success) throw new Error(result.error.issues[0]!.message)
  return result.data.steps
}
const message = (steps: unknown[], given: object = {}) => {
  const result = parse(steps, given)
  return result.success ? undefined : `${result.error.issues[0]!.path.join('.')}: ${result.error.issues[0]!.message}`
}
const count = (steps: AgentLogStep[], which: (s: AgentLogStep) => boolean) => steps.filter(which).length
const isStart = (s: AgentLogStep) => typeof s === 'object' && 'start' in s
const isComplete = (s: AgentLogStep) => typeof s === 'object' && 'complete' in s

const long = { seed: 114, agents: 60, running: 7, reruns: 4, orphans: 3, sessions: 3, chats: 2, kills: 3, restarts: 2, reuses: 4, checks: 5, activity: { bursts: 6, overCapBy: 10 } }

describe('a generate step', () => {
  test('expands to the same steps for the same parameters, and to others for another seed', () => {
    const a = stepsOf([{ generate: long }])
    expect(stepsOf([{ generate: long }])).toEqual(a)
    expect(stepsOf([{ generate: { ...long, seed: 115 } }])).not.toEqual(a)
  })

  test('has exactly the operations its parameters count', () => {
    const steps = stepsOf([{ generate: long }], { session: 'pulse-a', uiEventCap: 20 })
    // agents + reruns + one per chat span; completions: agents - running + reruns + orphans + chats
    expect(count(steps, isStart)).toBe(60 + 4 + 2)
    expect(count(steps, isComplete)).toBe(60 - 7 + 4 + 3 + 2)
    expect(count(steps, (s) => s === 'kill')).toBe(3)
    expect(count(steps, (s) => s === 'restart')).toBe(2)
    expect(count(steps, (s) => s === 'reuse')).toBe(4)
    // the interleaved checks, one per chat span, and one of each session at the end
    expect(count(steps, (s) => s === 'check')).toBe(5 + 2 + 3)
    expect(steps.filter((s) => typeof s === 'object' && 'activity' in s)).toEqual(Array(6).fill({ activity: 30 }))
  })

  test('starts each agent before it completes it, spreads them over its sessions, and ends in the session it began in', () => {
    const steps = stepsOf([{ setup: { session: 'pulse-x' } }, { generate: long }, 'check'], { session: 'pulse-a' })
    const seen = new Map<string, string[]>()
    const sessions = new Set<string>()
    let session = 'pulse-a'
    for (const s of steps) {
      if (typeof s !== 'object') continue
      if ('setup' in s && s.setup.session) sessions.add((session = s.setup.session))
      if ('start' in s) seen.set(s.start.agent, [...(seen.get(s.start.agent) ?? []), 'start'])
      if ('complete' in s) seen.set(s.complete.agent, [...(seen.get(s.complete.agent) ?? []), 'complete'])
    }
    expect(seen.get('gate-1')?.[0]).toBe('start')
    for (const [agent, events] of seen) if (!agent.startsWith('orphan-')) expect(events.join(' '), agent).toMatch(/^start( complete)?( start complete)?$/)
    expect([...sessions].sort()).toEqual(['pulse-x', 'pulse-x-2', 'pulse-x-3'])
    expect(session).toBe('pulse-x')
    expect(steps.at(-1)).toBe('check')
  })

  test('needs only a seed: one agent, started and completed, then a check', () => {
    expect(stepsOf([{ generate: { seed: 1 } }])).toEqual([
      { start: expect.objectContaining({ agent: 'gate-1' }) },
      { complete: expect.objectContaining({ agent: 'gate-1' }) },
      'check',
    ])
  })

  test('refuses what cannot be generated, saying what is expected', () => {
    expect(message([{ generate: { agents: 2 } }])).toBe('steps.0: generate.seed: missing, expected an integer seed, 0 to 4294967295')
    expect(message([{ generate: { seed: 1, agents: 2, running: 3 } }])).toBe('steps.0.generate.running: expected running at most agents (the agents left running are some of those started)')
    expect(message([{ generate: { seed: 1, agents: 2, running: 1, reruns: 2 } }])).toBe('steps.0.generate.reruns: expected reruns at most agents − running (an agent started again is one that completed)')
    expect(message([{ generate: { seed: 1, activity: { bursts: 2 } } }])).toBe('steps.0.generate.activity: expected exactly one of events (UI events per burst) or overCapBy (per burst, relative to uiEventCap)')
    expect(message([{ generate: { seed: 1, activity: { bursts: 2, overCapBy: -5 } } }], { uiEventCap: 5 })).toBe('steps.0.generate.activity.overCapBy: expected overCapBy above -5 (each burst at least one UI event with uiEventCap 5), got -5')
    expect(message([{ generate: { seed: 1, kills: 1.5 } }])).toBe('steps.0: generate.kills: expected a number of kills, 0 to 1,000, got 1.5')
    expect(message([{ generate: { seed: 1, kill: 1 } }])).toBe('steps.0.generate: unknown key, expected one of seed, agents, running, reruns, orphans, sessions, chats, kills, restarts, reuses, checks, activity')
    expect(message([{ start: {} }, 'check'])).toBe('steps.0: start.agent: missing, expected an agent id')
  })
})
