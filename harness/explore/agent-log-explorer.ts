import fc from 'fast-check'
import type { PortExplorer, ExploredScenario } from '#harness/explore/port-explorer.ts'
import { scenarioSchema } from '#harness/scenario/scenario-schema.ts'
import { agentLogDamagedTail, agentLogLead, agentLogOperation, exploredSessions } from '#harness/explore/agent-log-operations.ts'
import type { AgentLogOperation } from '#harness/explore/agent-log-operations.ts'

/** The given of an explored case: mostly a writable workspace, now and then none or an unwritable store; a UI-event cap mostly tiny, so activity passes it (each shrinks to the first). */
const given = fc.record({
  workspace: fc.oneof({ withCrossShrink: true }, { weight: 4, arbitrary: fc.constant('sandboxed' as const) }, { weight: 1, arbitrary: fc.constant('none' as const) }),
  store: fc.oneof({ withCrossShrink: true }, { weight: 2, arbitrary: fc.constant('writable' as const) }, { weight: 1, arbitrary: fc.constant('unwritable' as const) }),
  uiEventCap: fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }) }, { weight: 1, arbitrary: fc.constant(200) }),
})

type Given = { workspace: 'sandboxed' | 'none'; store: 'writable' | 'unwritable'; uiEventCap: number }

/** An explored case as scenario-file data: the given, the lead-in and the operations (activity made absolute against the cap), then a check. */
export function agentLogCase(g: Given, lead: readonly AgentLogOperation[], operations: readonly AgentLogOperation[]): ExploredScenario<'agent-log'> {
  const steps = [...[...lead, ...operations].map((op) => (typeof op === 'object' && 'activity' in op ? { activity: Math.max(1, g.uiEventCap + op.activity.overCapBy) } : op)), 'check']
  return { port: 'agent-log', given: { ...g, session: exploredSessions[0] }, steps } as unknown as ExploredScenario<'agent-log'> // input form: a generate step is expanded when it is read
}

/** The most writes an explored case makes into an unwritable store: their reports (a stderr line each) stay within the 64 KB of stderr the kit keeps of a process. */
const mostFailingWrites = 200

/**
 * Whether an explored case reads as a scenario file and exercises a contract (a shrunk case may not: fast-check skips
 * it), and, with the store unwritable, makes few enough writes that the kit keeps every report of them.
 */
function valid(scenario: ExploredScenario<'agent-log'>): boolean {
  const parsed = scenarioSchema.safeParse({ title: 'explored case', ...scenario })
  if (!parsed.success || parsed.data.port !== 'agent-log') return false
  const writes = parsed.data.steps.filter((s) => typeof s === 'object' && ('start' in s || 'complete' in s)).length
  return parsed.data.given.store === 'writable' || writes <= mostFailingWrites
}

/**
 * The agent-log port's explorer: operation sequences that interleave starts and completions (every status and field,
 * any text), checks, UI activity around the cap, kill -9, clean restarts, reuse, other sessions and workspaces
 * (`setup`), seeded `generate` steps of a few dozen agents (now and then a few hundred, or over a thousand in one
 * session), in a writable, unwritable or absent workspace, after a lead-in (nothing, a read before any write, or a
 * span with no workspace), always ending with a check — now and then followed by the store damaged (`corrupt`) and
 * read back by a new process (after an agent started on it, sometimes). It never draws the bundled scenarios; fast-check shrinks a
 * case to fewer operations (a kill or a fault earlier), plainer fields, a smaller cap and activity nearer it, a
 * workspace that is there and a writable store.
 */
export const agentLogExplorer: PortExplorer<'agent-log'> = {
  port: 'agent-log',
  varies: ['repetition', 'order', 'size', 'cap-count', 'fault-moment'],
  scenarios: () =>
    fc
      // the damaged tail is drawn last, once the case before it is valid: fast-check draws each case from a generator
      // of its own, so the case before the tail (every check of it) is the one drawn without it (an unwritable store
      // has no store to damage: its tail starts no agent, so its writes stay within the count)
      .tuple(
        fc
          .tuple(given, agentLogLead, fc.array(agentLogOperation, { minLength: 1, maxLength: 14 }))
          .map(([g, lead, operations]) => agentLogCase(g, lead, operations))
          .filter(valid),
        agentLogDamagedTail,
      )
      .map(([scenario, tail]) => ({ ...scenario, steps: [...scenario.steps, ...(scenario.given?.store === 'unwritable' ? tail.filter((s) => s === 'corrupt' || s === 'check') : tail)] }) as ExploredScenario<'agent-log'>),
}
