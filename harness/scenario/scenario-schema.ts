import { z } from 'zod'
import { measureNames } from '#harness/measures/measure-name.ts'
import { analysisRunNames } from '#fixtures/analysis-run/analysis-runs.ts'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import { allDerivationEdges } from '#fixtures/analysis-run/derivation-edges.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import { sessionClientScenarioSchema } from '#harness/scenario/session-client-scenario-schema.ts'
import { snapshotterScenarioSchema, toolOutputScenarioSchema } from '#harness/scenario/plat-200-scenario-schemas.ts'
import { agentLogScenarioSchema } from '#harness/scenario/agent-log-scenario-schema.ts'
import { boundedList, bugId, expected, integer, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'
import { scenarioBounds } from '#harness/scenario/scenario-bounds.ts'

const most = (n: number) => n.toLocaleString('en-US')
/** A 32-bit integer (leastThreshold to threshold). */
const anyInteger = () => integer(`an integer from ${most(scenarioBounds.leastThreshold)} to ${most(scenarioBounds.threshold)}`, scenarioBounds.leastThreshold, scenarioBounds.threshold)

const collectionName = oneOf(collectionNames)
/** Any collection a step may ask for: one the fixture derives, or any other name, to ask for unknown_collection. */
const anyCollection = text('a collection name (model-exchanges, capability-calls, or any other to ask for unknown_collection)')
const pagerContractIds = contractsOfPort('pager').map((c) => c.id)
const measure = z
  .enum(measureNames, { error: expected(`one of ${measureNames.join(', ')}`) })
  .describe('The size measure this ceiling bounds.')

/**
 * The error of a union of mappings told apart by a key (`keys[i]` for option i): when the input holds exactly one of
 * those keys, the first issue of that option, with its path (`analysis-run.edges.0: expected …`); else `otherwise`.
 */
function optionError(keys: ReadonlyArray<string | undefined>, otherwise: (issue: { input?: unknown }) => string) {
  return (issue: { code?: string; input?: unknown; errors?: Array<Array<{ path: PropertyKey[]; message: string }>> }) => {
    const input = issue.input
    const held = typeof input === 'object' && input !== null ? keys.flatMap((k, i) => (k !== undefined && Object.hasOwn(input, k) ? [i] : [])) : []
    const inner = held.length === 1 && issue.code === 'invalid_union' ? issue.errors?.[held[0]!]?.[0] : undefined
    if (!inner) return otherwise(issue)
    return inner.path.length > 0 ? `${inner.path.map(String).join('.')}: ${inner.message}` : inner.message
  }
}

const absoluteCeiling = strict(
  {
    measure,
    max: integer(`a positive integer, at most ${most(scenarioBounds.threshold)}`, 1, scenarioBounds.threshold).describe('The largest value of the measure a page may have.'),
  },
  'an absolute ceiling',
)

const relativeCeiling = strict(
  {
    measure,
    largestItemOf: collectionName.describe(
      'Relative: the ceiling is the measure of the page {items: [the largest item of this collection], cursor: null}, plus `by`.',
    ),
    by: anyInteger()
      .default(0)
      .describe('Added to a relative ceiling (default 0; -1: the largest item alone no longer fits).'),
  },
  'a relative ceiling',
)

const pageCeiling = strict(
  {
    measure,
    pageOf: collectionName.describe('Relative: the ceiling is the measure of the page {items: [`count` items of this collection from index `from`], cursor: null}, plus `by`.'),
    from: integer('an integer from 0 to 1,000,000', 0, 1_000_000).default(0).describe('The index (from 0) of the first item of that page (default 0).'),
    count: integer('a positive integer, at most 1,000,000', 1, 1_000_000).optional().describe('How many items the page holds (default: every item from `from` to the end).'),
    by: anyInteger().default(0).describe('Added to the page\'s measure (default 0; -1: that page no longer fits, 0: it fits without metadata only).'),
  },
  'a ceiling relative to a page of items',
)

/** The schema of one ceiling as written: an absolute `max`, or relative to the largest item of a collection, or to a page of its items. */
export const ceilingSpecSchema = z
  .union([absoluteCeiling, relativeCeiling, pageCeiling], {
    error: optionError(['max', 'largestItemOf', 'pageOf'], expected('a ceiling: a measure with one of max, largestItemOf or pageOf')),
  })
  .describe('A size limit every page must fit: `measure` with `max`, with `largestItemOf` (and `by`), or with `pageOf` (and `from`, `count`, `by`).')

/** One ceiling as written in a scenario: absolute (`max`), or relative to the fixture's items (`largestItemOf` or `pageOf`, and `by`). */
export type CeilingSpec = z.infer<typeof ceilingSpecSchema>

/** The most turns a generated run may have: its conversation is cumulative, so without `context` its size grows as the square of the turns (400 turns: 65 MB). */
export const maxGeneratedTurns = 500

/** The most messages a generated run's llm-requests may carry in all: about 400 bytes each, held several times over by a run. */
export const maxCarriedMessages = 30_000

/** How many messages the `exchanges` llm-requests of a generated run carry in all: the i-th carries 2i − 1, or at most `context`. */
function carriedMessages(exchanges: number, context: number | undefined): number {
  let total = 0
  for (let i = 1; i <= exchanges; i++) total += Math.min(context ?? Infinity, 2 * i - 1)
  return total
}

/** The schema of the analysis-run generator's parameters (fixtures/analysis-run/analysis-run-params.ts). */
const analysisRunGenerator = strict(
  {
    seed: integer('an integer from 0 to 4294967295', 0, 2 ** 32 - 1).default(1).describe('The seed of the generator (default 1).'),
    preludes: integer('an integer from 0 to 1000', 0, 1000).default(0).describe('prelude-source records before the first turn (default 0).'),
    turns: integer(`an integer from 0 to ${maxGeneratedTurns}`, 0, maxGeneratedTurns).describe('Turns; each starts with an evaluation-source record.'),
    exchanges: integer(`an integer from 0 to ${maxGeneratedTurns}`, 0, maxGeneratedTurns)
      .optional()
      .describe('The first `exchanges` turns each make one llm-request call, carrying the cumulative conversation (default: every turn).'),
    toolCalls: integer('an integer from 0 to 20,000', 0, 20_000).default(0).describe('Tool calls in the whole run, spread over the turns as evenly as possible (default 0).'),
    context: integer('a positive integer, at most 100,000', 1, 100_000)
      .optional()
      .describe('The most messages each llm-request carries: the conversation\'s last `context`, as a trimmed context window (default: the whole cumulative conversation).'),
    unpaired: boundedList(integer('a call number from 1 to 20,000', 1, 20_000), 'a list of call numbers', 20_000)
      .optional()
      .describe('Capability calls (numbered from 1 in order, as cap-0001…) left without an output: unpaired inputs, which no collection holds.'),
    repeatedOutputs: boundedList(integer('a call number from 1 to 20,000', 1, 20_000), 'a list of call numbers', 20_000)
      .optional()
      .describe('Capability calls given a second, later output with another result (a retry): the first one counts.'),
    edges: boundedList(oneOf(allDerivationEdges), 'a list of derivation edge cases', scenarioBounds.list)
      .optional()
      .describe('Derivation edge cases of docs/fixtures.md applied to the run (odd-calls, unpaired, output-first, second-output, array-order, equal-seq, retry-first-in-array, wide-maps, lone-surrogates).'),
  },
  'the analysis-run generator\'s parameters: seed, preludes, turns, exchanges, toolCalls, context, unpaired, repeatedOutputs, edges',
)
  .refine((p) => p.exchanges === undefined || p.exchanges <= p.turns, { error: 'expected exchanges at most turns (each exchange is made by one turn)', path: ['exchanges'] })
  .refine((p) => carriedMessages(p.exchanges ?? p.turns, p.context) <= maxCarriedMessages, {
    error: (issue) => {
      const p = issue.input as { turns: number; exchanges?: number; context?: number }
      return `expected at most ${most(maxCarriedMessages)} messages carried by all llm-requests (each carries the conversation so far, or its last \`context\`), got ${most(carriedMessages(p.exchanges ?? p.turns, p.context))}: lower turns or exchanges, or set context`
    },
    path: ['turns'],
  })
  .transform((p) => ({ ...p, exchanges: p.exchanges ?? p.turns }))

/** The schema of an analysis-run fixture: a named one, or `{ analysis-run: {…} }`, the generator and its parameters. */
export const analysisRunFixtureSchema = z
  .union([oneOf(analysisRunNames), strict({ 'analysis-run': analysisRunGenerator }, 'a generated fixture: { analysis-run: { seed, turns, … } }')], {
    error: optionError([undefined, 'analysis-run'], expected(`a fixture: one of ${analysisRunNames.join(', ')}, or { analysis-run: { seed, turns, exchanges, toolCalls, … } }`)),
  })
  .describe('An analysis run: a named fixture, or one generated from its seed and shape ({ analysis-run: { seed, turns, exchanges, toolCalls, … } }).')

const steps = 'exactly one of read, walk'

const readStep = strict(
  {
    read: strict(
      {
        collection: anyCollection.describe('The collection to read: model-exchanges or capability-calls; any other name asks for unknown_collection.'),
        limit: anyInteger()
          .optional()
          .describe('The most items; absent: the pager default. Any integer: out-of-range limits test invalid_limit.'),
        cursor: z
          .string({ error: expected('a cursor string or null') })
          .max(4096, { error: expected('a cursor of at most 4,096 characters') })
          .nullable()
          .optional()
          .describe('Where to start; null or absent: the start. A string is a cursor the implementation never handed out (garbage, empty, past the end): it asks for invalid_cursor.'),
      },
      'a read: {collection, limit, cursor}',
    ),
  },
  steps,
  'read, walk',
).describe('Read one page.')

const walkStep = strict(
  {
    walk: strict(
      {
        collection: anyCollection.describe('The collection to walk: model-exchanges or capability-calls; any other name asks for unknown_collection.'),
        limit: anyInteger().optional().describe('The limit of every read; absent: the pager default.'),
        maxPages: integer('a positive integer, at most 100,000', 1, 100_000)
          .optional()
          .describe('An upper bound on the pages read, so a walk always ends.'),
      },
      'a walk: {collection, limit, maxPages}',
    ),
  },
  steps,
  'read, walk',
).describe('Follow cursors from the start to the end.')

/** The schema of one step of a pager scenario: exactly one of `read` or `walk`. */
export const pagerStepSchema = z.union([readStep, walkStep], { error: expected(steps) })

/** One step of a pager scenario: read one page, or walk a collection by its cursors. */
export type PagerStep = z.infer<typeof pagerStepSchema>

const given = strict(
  {
    ceilings: boundedList(ceilingSpecSchema, 'a list of ceilings', scenarioBounds.list)
      .min(1, { error: expected('at least one ceiling') })
      .describe('Every page must fit every one of these.'),
    timeoutMs: integer(`a positive integer of milliseconds, at most ${scenarioBounds.ms}`, 1, scenarioBounds.ms)
      .optional()
      .describe('The timeout of each call, in milliseconds.'),
    previousFixture: analysisRunFixtureSchema
      .optional()
      .describe('A fixture the pager is set up with first, and each collection the steps name read once, before `fixture` replaces it: the reads must see only `fixture`.'),
  },
  'a mapping with ceilings (and timeoutMs, previousFixture)',
).describe('The limits the system is set up with.')

/** The schema of a scenario for the pager port. */
export const pagerScenarioSchema = strict(
  {
    title: text('a one-line title', oneLine).describe('What the scenario shows, on one line.'),
    reproduces: text('a bug id in kebab-case or like PLAT-200', bugId)
      .optional()
      .describe('The bug this regression replays (kebab-case, or like PLAT-200).'),
    see: text('a link or path to the bug report').optional().describe('A link or path to the report.'),
    port: z.literal('pager').describe('The port the scenario needs.'),
    fixture: analysisRunFixtureSchema.describe('The fixture the system is set up with: a named analysis run, or a generated one.'),
    given,
    steps: boundedList(pagerStepSchema, 'a list of steps', scenarioBounds.steps)
      .min(1, { error: expected('at least one step') })
      .describe('What the driver does, in order.'),
    contracts: boundedList(oneOf(pagerContractIds), 'a list of contract ids', scenarioBounds.list)
      .min(1, { error: expected('at least one contract id (or no contracts key: every contract its steps exercise)') })
      .optional()
      .describe('The contracts this scenario exercises (family/name): each must come back held or broken; absent: every contract its steps exercise. Every contract of the port is judged either way.'),
  },
  'a scenario mapping',
)

/** A scenario for the pager port. */
export type PagerScenario = z.infer<typeof pagerScenarioSchema>

/** The schema of a scenario file: a union over the port it names; a scenario must exercise a contract, and every contract it names. */
export const scenarioSchema = z
  .discriminatedUnion('port', [pagerScenarioSchema, sessionClientScenarioSchema, snapshotterScenarioSchema, toolOutputScenarioSchema, agentLogScenarioSchema], {
    error: (issue) => {
      if (issue.code !== 'invalid_union') return expected('a scenario mapping (title, port, fixture, given, steps)')(issue)
      const ports = 'options' in issue && Array.isArray(issue.options) ? issue.options.join(', ') : 'pager'
      const input = issue.input as { port?: unknown }
      return expected(`one of ${ports}`)({ input: input.port })
    },
  })
  .superRefine((scenario, context) => {
    // what a scenario exercises is derived from its values: only once they are valid (a generator given a value out of
    // range would fail with no file position)
    if (context.issues.length > 0) return
    const exercised = exercisedContracts(scenario as Scenario)
    if (!exercised.ok) context.addIssue({ code: 'custom', path: exercised.path, message: exercised.message, input: undefined })
  })

/** A scenario: data only, validated; the port it names decides its shape. */
export type Scenario = z.infer<typeof scenarioSchema>
