import { describe, expect, test } from 'vitest'
import fc from 'fast-check'
import { agentLogExplorer } from '#harness/explore/agent-log-explorer.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'

// The agent-log explorer's cases, without running them: every one a valid scenario that exercises a contract, and
// together they reach every kind of operation, the workspaces and stores, and activity past the cap.

const cases = fc.sample(agentLogExplorer.scenarios(), { numRuns: 300, seed: 7 })
const parsed = cases.map((c) => scenarioSchema.safeParse({ title: 'explored case', ...c }))

describe('the agent-log explorer', () => {
  test('generates only valid scenarios, each ending with a check', () => {
    expect(parsed.filter((p) => !p.success).map((p) => p.error?.issues[0]?.message)).toEqual([])
    for (const c of cases) expect((c.steps as unknown[]).at(-1)).toBe('check')
  })

  test('reaches every kind of step (a damaged store among them), both workspaces, both stores, activity past a tiny cap and a generate step', () => {
    const texts = cases.map((c) => JSON.stringify(c))
    const share = (pattern: RegExp) => texts.filter((t) => pattern.test(t)).length / texts.length
    for (const pattern of [/"start"/, /"complete"/, /"kill"/, /"restart"/, /"reuse"/, /"corrupt"/, /"setup":\{"session"/, /"setup":\{"workspace":"none"/, /"store":"unwritable"/, /"workspace":"none"/, /"generate"/, /"status":"failed"/]) {
      expect(share(pattern), String(pattern)).toBeGreaterThan(0.05)
    }
    const pastCap = cases.filter((c) => (c.steps as Array<unknown>).some((s) => typeof s === 'object' && s !== null && 'activity' in s && (s as { activity: number }).activity > c.given!.uiEventCap!))
    expect(pastCap.length / cases.length).toBeGreaterThan(0.1)
  })

  test('draws values a store may quietly change, and now and then more agents in one session than a read may be capped at', () => {
    const texts = cases.map((c) => JSON.stringify(c))
    const share = (pattern: RegExp) => texts.filter((t) => pattern.test(t)).length / texts.length
    // a name, result or error with a space or newline at an end (a trim); a duration that reads as a number (a numeric column or a parse)
    for (const pattern of [/"name":"Scout "/, /"result":" approved\\n"/, /"error":" exit code 1 "/, /"duration":"(42|1\.50)"/]) expect(share(pattern), String(pattern)).toBeGreaterThan(0.02)
    // over a thousand agents in one session (past a `LIMIT 1000`), a case in a few dozen: each is a process of a few seconds
    const generates = cases.flatMap((c) => (c.steps as Array<unknown>).filter((s): s is { generate: { agents: number; sessions?: number } } => typeof s === 'object' && s !== null && 'generate' in s))
    const overAThousand = cases.filter((c) => (c.steps as Array<unknown>).some((s) => typeof s === 'object' && s !== null && 'generate' in s && (s as { generate: { agents: number } }).generate.agents > 1_000))
    expect(generates.filter((g) => g.generate.agents > 1_000).every((g) => g.generate.sessions === undefined)).toBe(true)
    expect(overAThousand.length / cases.length).toBeGreaterThan(0.01)
    expect(overAThousand.length / cases.length).toBeLessThan(0.1)
  })
})
