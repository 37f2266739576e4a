import { z } from 'zod'
import { boundedList, bugId, expected, integer, kebab, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'
import { scenarioBounds } from '#harness/scenario/scenario-bounds.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { generatedSteps } from '#harness/scenario/agent-log-generated-steps.ts'

const agentId = text('an agent id')
const sessionId = text('a session id in kebab-case', new RegExp(`^${kebab}$`))
const lifecycle = ['kill', 'restart', 'reuse', 'corrupt', 'check'] as const
const workspaces = ['sandboxed', 'none'] as const
const stepKeys = 'start, complete, activity, setup, generate'

const ordinary = [
  strict({ start: strict({ agent: agentId, name: text('a name').default('agent'), kind: text('a kind').default('background'), parent: z.string().default('') }, 'a start: agent (name, kind, parent)') }, 'exactly one step', stepKeys),
  strict(
    { complete: strict({ agent: agentId, status: text('a status').default('completed'), result: z.string().default(''), error: z.string().default(''), duration: z.string().default('1s') }, 'a completion: agent (status, result, error, duration)') },
    'exactly one step',
    stepKeys,
  ),
  strict({ activity: integer(`a positive number of UI events, at most ${(100_000).toLocaleString('en-US')}`, 1, 100_000) }, 'exactly one step', stepKeys),
  strict(
    {
      setup: strict(
        {
          workspace: oneOf(workspaces).optional().describe('The session’s workspace: sandboxed or none (default: the workspace of the session open before).'),
          session: sessionId.optional().describe('The session id (default: the session open before).'),
        },
        'a setup: workspace (sandboxed or none) and/or session (an id)',
      ).refine((s) => s.workspace !== undefined || s.session !== undefined, { error: 'expected a workspace (sandboxed or none) or a session id, or both (a setup of the same session is `reuse`)' }),
    },
    'exactly one step',
    stepKeys,
  ),
] as const
const anyStep = expected(`a step: { start }, { complete }, { activity: N }, { setup: { workspace } }, { generate: { seed, … } }, or one of ${lifecycle.join(', ')}`)
/** The error of a step no kind of step accepts: for a mapping with one known key, what is wrong inside it (its kind's own first issue). */
const stepError = {
  error: (issue: { input?: unknown }) => {
    const keys = typeof issue.input === 'object' && issue.input !== null ? Object.keys(issue.input) : []
    const kind = keys.length === 1 ? [...ordinary, generate].find((option) => keys[0]! in option.shape) : undefined
    const inner = kind?.safeParse(issue.input).error?.issues[0]
    return inner ? `${inner.path.join('.')}: ${inner.message}` : anyStep(issue)
  },
}
const step = z.union([...ordinary, oneOf(lifecycle)], stepError)

const most = 100_000
/** The most UI events a whole scenario may send (written and generated): each is a row the implementation writes and evicts. */
const maxScenarioEvents = 1_000_000
const count = (what: string, max = most) => integer(`${what}, 0 to ${max.toLocaleString('en-US')}`, 0, max)
const activity = strict(
  {
    bursts: integer(`a positive number of bursts, at most ${most.toLocaleString('en-US')}`, 1, most).describe('How many bursts of UI events, each at a seeded point.'),
    events: integer(`a positive number of UI events, at most ${most.toLocaleString('en-US')}`, 1, most).optional().describe('The UI events of each burst (absolute).'),
    overCapBy: integer(`an integer from -${most.toLocaleString('en-US')} to ${most.toLocaleString('en-US')}`, -most, most).optional().describe('Relative: each burst is uiEventCap + overCapBy UI events (0: exactly the cap, which alone evicts every earlier event from the list; 1: one past it).'),
  },
  'activity: bursts, with events or overCapBy',
).refine((a) => (a.events === undefined) !== (a.overCapBy === undefined), { error: 'expected exactly one of events (UI events per burst) or overCapBy (per burst, relative to uiEventCap)' })

const generate = strict(
  {
    generate: strict(
      {
        seed: integer('an integer seed, 0 to 4294967295', 0, 2 ** 32 - 1).describe('The seed of the interleaving and of every field: the same parameters always expand to the same steps.'),
        agents: count('a number of agents').default(1).describe('Agents started (gate-1, reviewer-2, …), each in a seeded session.'),
        running: count('a number of agents').default(0).describe('Of the agents, how many are never completed (left running).'),
        reruns: count('a number of agents').default(0).describe('Of the completed agents, how many are started and completed again.'),
        orphans: count('a number of completions').default(0).describe('Completions whose start was never recorded (orphan-1, …).'),
        sessions: integer('a number of sessions, 1 to 1,000', 1, 1_000).default(1).describe('Sessions of the workspace the agents are spread over: the one open, and <session>-2, … switched to by setup steps.'),
        chats: count('a number of spans', 1_000).default(0).describe('Spans in a session with no workspace (setup workspace none, one agent, a check, then back).'),
        kills: count('a number of kills', 1_000).default(0).describe('kill -9 of the process at seeded points (the next step starts a new one).'),
        restarts: count('a number of restarts', 1_000).default(0).describe('Clean restarts at seeded points.'),
        reuses: count('a number of reuses', 1_000).default(0).describe('The open session set up again, at seeded points.'),
        checks: count('a number of checks', 1_000).default(0).describe('Checks at seeded points, besides the check of every session at the end.'),
        activity: activity.optional().describe('Bursts of UI events at seeded points, absolute (events) or relative to the cap (overCapBy).'),
      },
      'a generator: seed (agents, running, reruns, orphans, sessions, chats, kills, restarts, reuses, checks, activity)',
    )
      .refine((g) => g.running <= g.agents, { error: 'expected running at most agents (the agents left running are some of those started)', path: ['running'] })
      .refine((g) => g.reruns <= g.agents - g.running, { error: 'expected reruns at most agents − running (an agent started again is one that completed)', path: ['reruns'] }),
  },
  'exactly one step',
  stepKeys,
).describe('An agent-log session by its operations, drawn from a seed: it expands to ordinary steps, ends with a check of every session it used, and goes back to the session it began in.')

/** The schema of a scenario for the agent-log port: sessions' agents, other activity, lifecycle faults (kill -9, restart, reuse, a damaged store) and other sessions opened in the same process (setup), interleaved; a `generate` step, a whole session by its operations, is expanded to ordinary steps when the scenario is read. */
export const agentLogScenarioSchema = strict(
  {
    title: text('a one-line title', oneLine).describe('What the scenario shows, on one line.'),
    reproduces: text('a bug id in kebab-case or like PLAT-200', bugId).optional().describe('The bug this regression replays.'),
    see: text('a link or path to the bug report').optional().describe('A link or path to the report.'),
    port: z.literal('agent-log').describe('The port the scenario needs.'),
    given: strict(
      {
        workspace: oneOf(workspaces).default('sandboxed').describe('A workflow session with a workspace in the sandbox, or a plain chat session with none.'),
        store: oneOf(['writable', 'unwritable']).default('writable').describe('unwritable: the workspace lies under a regular file, so no store can be created (holds for root too).'),
        uiEventCap: integer(`a positive integer, at most ${most.toLocaleString('en-US')}`, 1, most).default(200).describe('How many UI events the session keeps.'),
        session: sessionId.default('session-plat-114').describe('The id of the session the run starts with (a setup step may open others).'),
      },
      'a mapping (workspace, store, uiEventCap, session)',
    ).default({ workspace: 'sandboxed', store: 'writable', uiEventCap: 200, session: 'session-plat-114' }),
    steps: boundedList(z.union([...ordinary, generate, oneOf(lifecycle)], stepError), 'a list of steps', scenarioBounds.steps)
      .min(1)
      .describe('What the driver does, in order; kill is kill -9 of the implementation’s process; corrupt stops it if it runs and overwrites every regular file it made under the workspace with a line no store reads (the next step starts a new process on the damaged store); setup opens another session (or the same session with another workspace) in the same process, with a workspace in the sandbox or none; generate expands to ordinary steps.'),
    contracts: boundedList(oneOf(contractsOfPort('agent-log').map((c) => c.id)), 'a list of contract ids', scenarioBounds.list)
      .min(1)
      .optional()
      .describe('The contracts this scenario exercises: each must come back held or broken; absent: every contract its steps exercise. Every contract of the port is judged either way.'),
  },
  'a scenario mapping',
).transform((scenario, context) => {
  // a generate step expands, in place, to ordinary steps: it starts in the session and workspace open before it
  let session = scenario.given.session
  let workspace = scenario.given.workspace as 'sandboxed' | 'none'
  const steps: AgentLogStep[] = []
  let events = 0
  const tooManyEvents = (path: PropertyKey[]) => {
    context.issues.push({ code: 'custom', path, message: `expected at most ${maxScenarioEvents.toLocaleString('en-US')} UI events in the whole scenario, got ${events.toLocaleString('en-US')} by this step`, input: undefined })
    return z.NEVER
  }
  for (const [index, step] of scenario.steps.entries()) {
    if (typeof step === 'object' && 'generate' in step) {
      const spec = step.generate
      const burst = spec.activity?.overCapBy === undefined ? 1 : scenario.given.uiEventCap + spec.activity.overCapBy
      if (burst < 1) {
        context.issues.push({ code: 'custom', path: ['steps', index, 'generate', 'activity', 'overCapBy'], message: `expected overCapBy above -${scenario.given.uiEventCap} (each burst at least one UI event with uiEventCap ${scenario.given.uiEventCap}), got ${spec.activity!.overCapBy}`, input: spec.activity })
        return z.NEVER
      }
      events += spec.activity ? spec.activity.bursts * (spec.activity.events ?? burst) : 0
      if (events > maxScenarioEvents) return tooManyEvents(['steps', index, 'generate', 'activity'])
      for (const generated of generatedSteps(spec, { session, workspace, uiEventCap: scenario.given.uiEventCap })) steps.push(generated as AgentLogStep)
      continue
    }
    if (typeof step === 'object' && 'activity' in step) {
      events += step.activity
      if (events > maxScenarioEvents) return tooManyEvents(['steps', index, 'activity'])
    }
    if (typeof step === 'object' && 'setup' in step) {
      session = step.setup.session ?? session
      workspace = (step.setup.workspace ?? workspace) as 'sandboxed' | 'none'
    }
    steps.push(step)
  }
  return { ...scenario, steps }
})

/** An agent-log scenario (with every generate step expanded to ordinary steps). */
export type AgentLogScenario = z.infer<typeof agentLogScenarioSchema>
/** One ordinary step of an agent-log scenario. */
export type AgentLogStep = z.infer<typeof step>
/** A `generate` step as written: an agent-log session by its operations, drawn from a seed. */
export type AgentLogGenerateStep = z.infer<typeof generate>
