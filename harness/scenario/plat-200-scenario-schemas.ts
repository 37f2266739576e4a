import { z } from 'zod'
import { boundedList, bugId, expected, integer, oneLine, oneOf, strict, text } from '#harness/scenario/schema-helpers.ts'
import { scenarioBounds } from '#harness/scenario/scenario-bounds.ts'
import { pageBounds } from '#fixtures/pages/page-bounds.ts'
import { contractsOfPort } from '#harness/contracts/index.ts'
import { longestName, maxPageItems, pageItems, pageLevels } from '#fixtures/pages/page-tree.ts'
import type { PageSpec as GeneratedPage } from '#fixtures/pages/page-tree.ts'
import { pageOutput, resolveCap } from '#harness/drivers/tool-output/resolve-cap.ts'
import type { CapSpec } from '#harness/drivers/tool-output/resolve-cap.ts'

const most = (n: number) => n.toLocaleString('en-US')
/** A positive integer, at most `max`, whose failure stops the checks after it (the scenario's own would generate the page). */
const positive = (max: number) => {
  const error = expected(`a positive integer, at most ${most(max)}`)
  return z.int({ error }).min(1, { error, abort: true }).max(max, { error, abort: true })
}
const nameChars = positive(pageBounds.nameLength)

const nameLength = z
  .union(
    [
      nameChars,
      strict({ min: nameChars, max: nameChars }, 'a range: min, max').refine((r) => r.max >= r.min, { error: 'expected max ≥ min', abort: true }),
    ],
    { error: expected(`a name length: a positive integer at most ${most(pageBounds.nameLength)}, or { min, max }`) },
  )
  .default(12)
  .describe('The length of every accessible name, in code points (default 12), or { min, max }: each name’s length drawn from that range (seeded).')

const pageCommon = {
  text: nameLength,
  seed: integer('an integer from 0 to 4294967295', 0, 2 ** 32 - 1).default(1).describe('The seed of the names (default 1).'),
  labels: z.boolean({ error: expected('true or false') }).optional().describe('Name every list too (aria-label), so compact keeps it.'),
  marks: z.boolean({ error: expected('true or false') }).optional().describe('Mix into the names words a YAML writer must quote or escape (quotes, ": ", " #", backslashes…).'),
}

const page = z
  .discriminatedUnion(
    'kind',
    [
      strict({ kind: z.literal('flat'), siblings: positive(pageBounds.items), ...pageCommon }, 'a flat page: siblings, text, seed, labels, marks'),
      strict({ kind: z.literal('deep'), depth: positive(pageBounds.depth), ...pageCommon }, 'a deep page: depth, text, seed, labels, marks'),
      strict({ kind: z.literal('mixed'), siblings: positive(pageBounds.items), depth: positive(pageBounds.depth), ...pageCommon }, 'a mixed page: siblings, depth, text, seed, labels, marks'),
      strict(
        {
          kind: z.literal('tree'),
          fanout: boundedList(positive(pageBounds.items), `a list of at most ${pageBounds.depth} levels`, pageBounds.depth).min(1, { error: expected('at least one level'), abort: true }),
          bareLeaves: z.boolean({ error: expected('true or false') }).optional().describe('The last level’s items hold nothing (no link): one `- listitem` line each, so one list’s items can make up half a head’s item lines.'),
          ...pageCommon,
        },
        'a tree page: fanout, bareLeaves, text, seed, labels, marks',
      ),
    ],
    { error: (issue) => (issue.code === 'invalid_union' ? expected('kind: flat, deep, mixed or tree')({ input: (issue.input as { kind?: unknown })?.kind }) : expected('a page: { kind: flat | deep | mixed | tree, … }')(issue)) },
  )
  .refine((spec) => pageItems(spec as GeneratedPage) <= maxPageItems, { error: `expected at most ${most(maxPageItems)} list items in the page`, abort: true })
  .refine((spec) => pageLevels(spec as GeneratedPage) <= pageBounds.depth, { error: `expected at most ${pageBounds.depth} lists deep`, abort: true })
  .refine((spec) => pageItems(spec as GeneratedPage) * longestName(spec as GeneratedPage) <= pageBounds.nameCodePoints, {
    error: (issue) => `expected at most ${most(pageBounds.nameCodePoints)} code points of names (list items × the longest name), got ${most(pageItems(issue.input as GeneratedPage) * longestName(issue.input as GeneratedPage))}`,
    abort: true,
  })
  .describe('The page fixture, generated from its seed: its shape (flat, deep, mixed or tree), size and name lengths (fixtures/pages).')

const common = {
  title: text('a one-line title', oneLine).describe('What the scenario shows, on one line.'),
  reproduces: text('a bug id in kebab-case or like PLAT-200', bugId).optional().describe('The bug this regression replays.'),
  see: text('a link or path to the bug report').optional().describe('A link or path to the report.'),
}

const contractsOf = (port: 'snapshotter' | 'tool-output') =>
  z
    .array(oneOf(contractsOfPort(port).map((c) => c.id)), { error: expected('a list of contract ids') })
    .max(scenarioBounds.list, { error: `expected at most ${scenarioBounds.list} contract ids` })
    .min(1, { error: expected('at least one contract id (or no contracts key: every contract its steps exercise)') })
    .optional()
    .describe('The contracts this scenario exercises: each must come back held or broken; absent: every contract its steps exercise. Every contract of the port is judged either way.')

const depthError = expected('a number from -1,000 to 1,000, or a depth of another JSON type to be refused: a string of at most 40 characters, true, false or null')

const snapshotRequest = strict(
  {
    depth: z
      .union([z.number({ error: depthError }).min(-1_000, { error: depthError }).max(1_000, { error: depthError }), z.string({ error: depthError }).max(40, { error: depthError }), z.boolean({ error: depthError }), z.null({ error: depthError })], { error: depthError })
      .optional()
      .describe('The depth limit (0: none). One the snapshotter must refuse: a negative or fractional number, or a value of another JSON type ("2", true, null), as a tool call\'s arguments can carry.'),
    compact: z.boolean({ error: expected('true or false') }).optional(),
    interactive: z.boolean({ error: expected('true or false') }).optional(),
  },
  'snapshot options: depth, compact, interactive',
)

/** The schema of a scenario for the snapshotter port: a page snapshotted at each depth (the depth characterization), and any further option sets. */
export const snapshotterScenarioSchema = strict(
  {
    ...common,
    port: z.literal('snapshotter').describe('The port the scenario needs.'),
    given: strict(
      {
        page,
        requests: boundedList(snapshotRequest, 'a list of snapshot options', scenarioBounds.list)
          .optional()
          .describe('Further snapshots asked after the depth characterization, each with its options.'),
      },
      'a mapping with page (and requests)',
    ).describe('The page the snapshotter is given, and any further snapshot requests.'),
    contracts: contractsOf('snapshotter'),
  },
  'a scenario mapping',
)

const unit = oneOf(['runes', 'utf8-bytes', 'utf16-units']).default('runes')
const cap = z
  .union(
    [
      strict({ unit, max: positive(scenarioBounds.threshold).describe('The largest size the inline text may have.') }, 'an absolute cap: unit, max'),
      strict({ unit, outputBy: integer(`an integer from ${most(scenarioBounds.leastThreshold)} to ${most(scenarioBounds.threshold)}`, scenarioBounds.leastThreshold, scenarioBounds.threshold).describe('Relative: the output’s own size plus this (0: at the cap, -1: one unit over it).') }, 'a cap relative to the output: unit, outputBy'),
      strict(
        {
          unit,
          wideCharacter: positive(scenarioBounds.threshold).describe('Relative: the cap falls at the output’s n-th character wider than one unit (outside the BMP, for runes)…'),
          by: integer(`an integer from ${most(scenarioBounds.leastThreshold)} to ${most(scenarioBounds.threshold)}`, scenarioBounds.leastThreshold, scenarioBounds.threshold).default(1).describe('…this many units into it (default 1: inside it, for UTF-8 bytes and UTF-16 units).'),
        },
        'a cap at a wide character: unit, wideCharacter, by',
      ),
    ],
    { error: expected('a cap: unit with max, outputBy, or wideCharacter (and by)') },
  )
  .describe('The inline cap: absolute (`max`), or relative to the output (`outputBy`, or `wideCharacter` and `by`).')

/** The schema of a scenario for the tool-output port: a snapshot too big to return inline, and the spill policy; a relative cap is resolved against the page's output. */
export const toolOutputScenarioSchema = strict(
  {
    ...common,
    port: z.literal('tool-output').describe('The port the scenario needs.'),
    given: strict(
      {
        page,
        snapshotter: oneOf(['built-in', 'chromium']).default('built-in').describe('Which snapshotter makes the tool output (and the remedies’ outputs).'),
        cap,
        spill: oneOf(['granted', 'none', 'failing', 'no-grant']).default('granted').describe('The spill policy: a granted tool_output_folder, no spiller, a failing spiller, or no grant.'),
        folderName: text('a folder name: one path segment of at most 100 characters, not . or .., outside, blocker or other_folder', /^(?!\.{1,2}$|outside$|blocker$|other_folder$)[^/\0]{1,100}$/)
          .optional()
          .describe('The granted folder’s name in the sandbox (default tool_output_folder): one that needs shell quoting (a space, a quote) makes the recovery command quote its path.'),
        trailer: z
          .string({ error: expected('a string') })
          .max(1000, { error: 'expected a trailer of at most 1,000 UTF-16 units' })
          .optional()
          .describe('Text appended to the page’s snapshot to make the tool’s output (a line a tool prints after it); in double quotes, \\udc00 writes a lone surrogate, which no snapshot holds.'),
        takenNames: integer('an integer from 1 to 15', 1, 15)
          .optional()
          .describe('With spill: granted, how many of the names the reference spills the output to first (snapshot-<16 hex of sha256>.txt, then -2, -3 …) already hold a symlink to the decoy outside the grant.'),
        takenBy: oneOf(['decoy', 'dangling'])
          .optional()
          .describe('With takenNames, what the taken names are (default decoy): symlinks to the decoy outside the grant, or dangling symlinks to paths outside it that do not exist (a check that follows symlinks finds the name free, and a write through it lands outside).'),
        runs: integer('an integer from 1 to 4', 1, 4)
          .optional()
          .describe('How many times the tool is run in the same sandbox (default 1): run k after the first is handed the output with a line "(run k)" after it, and every run’s recovery command is read back after the last run, so a spill that replaces an earlier one shows.'),
      },
      'a mapping with page and cap (and snapshotter, spill, folderName, takenNames, takenBy, trailer, runs)',
    )
      .refine((given) => given.trailer === undefined || given.spill !== 'granted' || !/\p{Cs}/u.test(given.trailer), {
        error: 'a trailer holding a lone surrogate needs a spill policy other than granted: UTF-8 cannot hold one, so no spill gives the output back whole',
        path: ['trailer'],
        abort: true,
      })
      .refine((given) => given.takenNames === undefined || given.spill === 'granted', { error: 'takenNames needs spill: granted (the names are taken inside the granted folder)', path: ['takenNames'], abort: true })
      .refine((given) => given.takenBy === undefined || given.takenNames !== undefined, { error: 'takenBy needs takenNames (it says what takes them)', path: ['takenBy'], abort: true })
      .transform((given, ctx) => {
        const resolved = resolveCap(pageOutput(given.page as GeneratedPage, given.trailer), given.cap as CapSpec)
        if ('error' in resolved) {
          ctx.issues.push({ code: 'custom', message: `cannot place the cap: ${resolved.error}`, input: given.cap, path: ['cap'] })
          return z.NEVER
        }
        return { ...given, cap: { ...given.cap, max: resolved.max } }
      })
      .describe('The page, the snapshotter, the inline cap and the spill policy.'),
    contracts: contractsOf('tool-output'),
  },
  'a scenario mapping',
)

/** A snapshotter scenario. */
export type SnapshotterScenario = z.infer<typeof snapshotterScenarioSchema>
/** A tool-output scenario (its cap resolved: `max` always set). */
export type ToolOutputScenario = z.infer<typeof toolOutputScenarioSchema>
/** A tool-output scenario as a file writes it (a relative cap not yet resolved). */
export type ToolOutputScenarioInput = z.input<typeof toolOutputScenarioSchema>
/** A page fixture as a scenario gives it. */
export type PageSpec = z.infer<typeof page>
