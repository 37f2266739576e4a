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

  test('reaches every kind of step, both workspaces, both stores, activity past a tiny cap and a generate step', () => {
    const texts = cases.map((c) => JSON.stringify(c))
    const share = (pattern: RegExp) => texts.filter((t) => pattern.test(t)).length / texts.length
    for (const pattern of [/"start"/, /"complete"/, /"kill"/, /"restart"/, /"reuse"/, /"setup":\{"session"/, /"setup":\{"workspace":"none"/, /"store":"unwritable"/, /"workspace":"none"/, /"generate"/, /"status":"failed"/]) {
      expect(share(pattern), String(pattern)).toBeGreaterThan(0.05)
    }
    const pastCap = cases.filter((c) => (c.steps as Array<unknown>).some((s) => typeof s === 'object' && s !== null && 'activity' in s && (s as { activity: number }).activity > c.given!.uiEventCap!))
    expect(pastCap.length / cases.length).toBeGreaterThan(0.1)
  })
})
