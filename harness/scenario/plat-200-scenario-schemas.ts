import { z } from 'zod'
import { bugId, expected, integer, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'

const page = z
  .union(
    [
      strict({ kind: z.literal('flat'), siblings: integer('a positive integer', 1), text: integer('a positive integer', 1).default(12), seed: integer('an integer').default(1) }, 'a flat page: siblings, text, seed'),
      strict({ kind: z.literal('deep'), depth: integer('a positive integer', 1), text: integer('a positive integer', 1).default(12), seed: integer('an integer').default(1) }, 'a deep page: depth, text, seed'),
      strict(
        { kind: z.literal('mixed'), siblings: integer('a positive integer', 1), depth: integer('a positive integer', 1), text: integer('a positive integer', 1).default(12), seed: integer('an integer').default(1) },
        'a mixed page: siblings, depth, text, seed',
      ),
    ],
    { error: expected('a page: { kind: flat | deep | mixed, … }') },
  )
  .describe('The page fixture: its shape, sibling count, depth and text per node (fixtures/pages).')

const common = {
  title: text('a one-line title', oneLine).describe('What the scenario shows, on one line.'),
  reproduces: text('a bug id in kebab-case or like PLAT-200', bugId).optional().describe('The bug this regression replays.'),
  see: text('a link or path to the bug report').optional().describe('A link or path to the report.'),
}

const contractsOf = (port: 'snapshotter' | 'tool-output') =>
  z
    .array(oneOf(contractsOfPort(port).map((c) => c.id)), { error: expected('a list of contract ids') })
    .min(1, { error: expected('at least one contract id (or no contracts key: every contract its steps exercise)') })
    .optional()
    .describe('The contracts this scenario exercises: each must come back held or broken; absent: every contract its steps exercise. Every contract of the port is judged either way.')

/** The schema of a scenario for the snapshotter port: a page snapshotted at each depth (the depth characterization). */
export const snapshotterScenarioSchema = strict(
  {
    ...common,
    port: z.literal('snapshotter').describe('The port the scenario needs.'),
    given: strict({ page }, 'a mapping with page').describe('The page the snapshotter is given.'),
    contracts: contractsOf('snapshotter'),
  },
  'a scenario mapping',
)

/** The schema of a scenario for the tool-output port: a snapshot too big to return inline, and the spill policy. */
export const toolOutputScenarioSchema = strict(
  {
    ...common,
    port: z.literal('tool-output').describe('The port the scenario needs.'),
    given: strict(
      {
        page,
        snapshotter: oneOf(['built-in', 'chromium']).default('built-in').describe('Which snapshotter makes the tool output (and the remedies’ outputs).'),
        cap: strict({ unit: oneOf(['runes', 'utf8-bytes', 'utf16-units']).default('runes'), max: integer('a positive integer', 1) }, 'a cap: unit and max').describe('The inline cap.'),
        spill: oneOf(['granted', 'none', 'failing', 'no-grant']).default('granted').describe('The spill policy: a granted tool_output_folder, no spiller, a failing spiller, or no grant.'),
      },
      'a mapping with page and cap (and snapshotter, spill)',
    ).describe('The page, the snapshotter, the inline cap and the spill policy.'),
    contracts: contractsOf('tool-output'),
  },
  'a scenario mapping',
)

/** A snapshotter scenario. */
export type SnapshotterScenario = z.infer<typeof snapshotterScenarioSchema>
/** A tool-output scenario. */
export type ToolOutputScenario = z.infer<typeof toolOutputScenarioSchema>
/** A page fixture as a scenario gives it. */
export type PageSpec = z.infer<typeof page>
