import { z } from 'zod'
import { bugId, expected, integer, kebab, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'

const agentId = text('an agent id')
const sessionId = text('a session id in kebab-case', new RegExp(`^${kebab}$`))
const lifecycle = ['kill', 'restart', 'reuse', 'check'] as const
const workspaces = ['sandboxed', 'none'] as const
const stepKeys = 'start, complete, activity, setup'

const step = z.union(
  [
    strict({ start: strict({ agent: agentId, name: text('a name').default('agent'), kind: text('a kind').default('background'), parent: z.string().default('') }, 'a start: agent (name, kind, parent)') }, 'exactly one step', stepKeys),
    strict(
      { complete: strict({ agent: agentId, status: text('a status').default('completed'), result: z.string().default(''), error: z.string().default(''), duration: z.string().default('1s') }, 'a completion: agent (status, result, error, duration)') },
      'exactly one step',
      stepKeys,
    ),
    strict({ activity: integer('a positive number of UI events', 1) }, 'exactly one step', stepKeys),
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
    oneOf(lifecycle),
  ],
  { error: expected(`a step: { start }, { complete }, { activity: N }, { setup: { workspace } }, or one of ${lifecycle.join(', ')}`) },
)

/** The schema of a scenario for the agent-log port: sessions' agents, other activity, lifecycle faults (kill -9, restart, reuse) and other sessions opened in the same process (setup), interleaved. */
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
        uiEventCap: integer('a positive integer', 1).default(200).describe('How many UI events the session keeps.'),
        session: sessionId.default('session-plat-114').describe('The id of the session the run starts with (a setup step may open others).'),
      },
      'a mapping (workspace, store, uiEventCap, session)',
    ).default({ workspace: 'sandboxed', store: 'writable', uiEventCap: 200, session: 'session-plat-114' }),
    steps: z
      .array(step, { error: expected('a list of steps') })
      .min(1)
      .describe('What the driver does, in order; kill is kill -9 of the implementation’s process; setup opens another session (or the same session with another workspace) in the same process, with a workspace in the sandbox or none.'),
    contracts: z
      .array(oneOf(contractsOfPort('agent-log').map((c) => c.id)), { error: expected('a list of contract ids') })
      .min(1)
      .optional()
      .describe('The contracts this scenario exercises: each must come back held or broken; absent: every contract its steps exercise. Every contract of the port is judged either way.'),
  },
  'a scenario mapping',
)

/** An agent-log scenario. */
export type AgentLogScenario = z.infer<typeof agentLogScenarioSchema>
/** One step of an agent-log scenario. */
export type AgentLogStep = AgentLogScenario['steps'][number]
