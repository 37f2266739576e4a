import fc from 'fast-check'
import type { PortExplorer } from '#harness/explore/port-explorer.ts'
import type { ExploredScenario } from '#harness/explore/port-explorer.ts'
import { toolOutputPages } from '#harness/explore/tool-output-pages.ts'
import { capSpecs, fitCap } from '#harness/explore/tool-output-caps.ts'
import { pageOutput, resolveCap } from '#harness/drivers/tool-output/resolve-cap.ts'
import type { CapSpec } from '#harness/drivers/tool-output/resolve-cap.ts'
import type { PageSpec } from '#fixtures/pages/page-tree.ts'
import type { ToolOutputScenarioInput } from '#harness/scenario/plat-200-scenario-schemas.ts'

type Spill = 'granted' | 'none' | 'failing' | 'no-grant'

/** The spill policies, a granted folder most often (the spill and recovery contracts need one). */
const spills = fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant('granted' as const) }, { weight: 2, arbitrary: fc.constantFrom('none' as const, 'failing' as const, 'no-grant' as const) })

/** How many times the tool runs in one sandbox: once most often, now and then two or three times (a later spill must not replace an earlier one). */
const runs = fc.oneof({ withCrossShrink: true }, { weight: 3, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 2, max: 3 }) })

/**
 * The tool-output port's explorer: the built-in snapshot of a generated page of any shape (flat, deep, mixed, tree;
 * short, ranged or ~900-unit names; now and then one running past 240 lines), handed to the tool with a cap in runes,
 * UTF-8 bytes or UTF-16 units placed around the output's edges (just under, at or over its size; inside, before or
 * after a wide character, an emoji's 4 UTF-8 bytes among them; a few units in), under each spill policy, the tool run
 * once or, now and then, two or three times in the same sandbox. Each cap is fitted to its page's output, so a page shrunk smaller keeps a cap that
 * can be placed. Chromium is left to the snapshotter's explorer: its text of a generated page is the built-in one.
 */
export const toolOutputExplorer: PortExplorer<'tool-output'> = {
  port: 'tool-output',
  varies: ['repetition', 'size', 'cap-count'],
  scenarios: () =>
    fc
      .record({ page: toolOutputPages(), cap: capSpecs(), spill: spills, runs })
      .map(({ page, cap, spill, runs }) => ({ page, cap: fitCap(pageOutput(page), cap), spill, runs }))
      .filter((drawn): drawn is { page: PageSpec; cap: CapSpec; spill: Spill; runs: number } => drawn.cap !== undefined && !('error' in resolveCap(pageOutput(drawn.page), drawn.cap)))
      .map(({ page, cap, spill, runs }) => {
        // scenario-file data: the cap as written (relative), which the schema resolves against the output
        const scenario: Omit<ToolOutputScenarioInput, 'title'> = { port: 'tool-output', given: { page, snapshotter: 'built-in', cap, spill, ...(runs > 1 ? { runs } : {}) } }
        return scenario as unknown as ExploredScenario<'tool-output'>
      }),
}
