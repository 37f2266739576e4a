import { z } from 'zod'
import { measureNames } from '#harness/measures/measure-name.ts'
import { analysisRunNames } from '#fixtures/analysis-run/analysis-runs.ts'
import { collectionNames } from '#fixtures/analysis-run/derive-collection.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { exercisedContracts } from '#harness/contracts/exercised-contracts.ts'
import { sessionClientScenarioSchema } from '#harness/scenario/session-client-scenario-schema.ts'
import { snapshotterScenarioSchema, toolOutputScenarioSchema } from '#harness/scenario/plat-200-scenario-schemas.ts'
import { agentLogScenarioSchema } from '#harness/scenario/agent-log-scenario-schema.ts'
import { bugId, expected, integer, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'

const collectionName = oneOf(collectionNames)
/** Any collection a step may ask for: one the fixture derives, or any other name, to ask for unknown_collection. */
const anyCollection = text('a collection name (model-exchanges, capability-calls, or any other to ask for unknown_collection)')
const pagerContractIds = contractsOfPort('pager').map((c) => c.id)
const measure = z
  .enum(measureNames, { error: expected(`one of ${measureNames.join(', ')}`) })
  .describe('The size measure this ceiling bounds.')

const absoluteCeiling = strict(
  {
    measure,
    max: integer('a positive integer', 1).describe('The largest value of the measure a page may have.'),
  },
  'an absolute ceiling',
)

const relativeCeiling = strict(
  {
    measure,
    largestItemOf: collectionName.describe(
      'Relative: the ceiling is the measure of the page {items: [the largest item of this collection], cursor: null}, plus `by`.',
    ),
    by: integer('an integer')
      .default(0)
      .describe('Added to a relative ceiling (default 0; -1: the largest item alone no longer fits).'),
  },
  'a relative ceiling',
)

/** The schema of one ceiling as written: an absolute `max`, or relative to the largest item of a collection. */
export const ceilingSpecSchema = z
  .union([absoluteCeiling, relativeCeiling], {
    error: expected('a ceiling: a measure with either max or largestItemOf'),
  })
  .describe('A size limit every page must fit: `measure` with `max`, or with `largestItemOf` (and `by`).')

/** One ceiling as written in a scenario: absolute (`max`) or relative to a fixture's largest item (`largestItemOf`, `by`). */
export type CeilingSpec = z.infer<typeof ceilingSpecSchema>

const steps = 'exactly one of read, walk'

const readStep = strict(
  {
    read: strict(
      {
        collection: anyCollection.describe('The collection to read: model-exchanges or capability-calls; any other name asks for unknown_collection.'),
        limit: integer('an integer')
          .optional()
          .describe('The most items; absent: the pager default. Any integer: out-of-range limits test invalid_limit.'),
        cursor: z
          .string({ error: expected('a cursor string or null') })
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
        limit: integer('an integer').optional().describe('The limit of every read; absent: the pager default.'),
        maxPages: integer('a positive integer', 1)
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
    ceilings: z
      .array(ceilingSpecSchema, { error: expected('a list of ceilings') })
      .min(1, { error: expected('at least one ceiling') })
      .describe('Every page must fit every one of these.'),
    timeoutMs: integer('a positive integer of milliseconds, at most 600000', 1, 600_000)
      .optional()
      .describe('The timeout of each call, in milliseconds.'),
    previousFixture: oneOf(analysisRunNames)
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
    fixture: oneOf(analysisRunNames).describe('The fixture the system is set up with.'),
    given,
    steps: z
      .array(pagerStepSchema, { error: expected('a list of steps') })
      .min(1, { error: expected('at least one step') })
      .describe('What the driver does, in order.'),
    contracts: z
      .array(oneOf(pagerContractIds), {
        error: expected('a list of contract ids'),
      })
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
    const exercised = exercisedContracts(scenario as Scenario)
    if (!exercised.ok) context.addIssue({ code: 'custom', path: exercised.path, message: exercised.message, input: undefined })
  })

/** A scenario: data only, validated; the port it names decides its shape. */
export type Scenario = z.infer<typeof scenarioSchema>
