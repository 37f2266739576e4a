import fc from 'fast-check'
import { allDerivationEdges } from '#fixtures/analysis-run/derivation-edges.ts'
import type { DerivationEdge } from '#fixtures/analysis-run/derivation-edges.ts'
import type { AnalysisRunParams } from '#fixtures/analysis-run/analysis-run-params.ts'
import { analysisRunNames } from '#fixtures/analysis-run/analysis-runs.ts'
import type { AnalysisRunFixture } from '#fixtures/analysis-run/load-analysis-run-fixture.ts'

/** The shape of a generated run as drawn: sizes as small integers, turns without an exchange counted from the end. */
interface RunDraw {
  seed: number
  preludes: number
  turns: number
  /** Turns at the end that make no llm-request (exchanges = turns − this, at least 0). */
  quiet: number
  toolCalls: number
  unpaired: number[]
  repeatedOutputs: number[]
  edges: DerivationEdge[]
  /**
   * Whether the exchanges the edges move (3: output before input, 5: records at the end of the array) also get a second
   * output: then the first output in the array is no longer the first by seq, nor the one just after the input.
   */
  repeatEdged: boolean
}

/** Call numbers (cap-0001 is 1) that a small run holds: a few, mostly early ones. */
const callNumbers = fc.uniqueArray(fc.integer({ min: 1, max: 16 }), { maxLength: 3 })
const sometimes = <T>(arbitrary: fc.Arbitrary<T[]>) => fc.oneof({ arbitrary: fc.constant<T[]>([]), weight: 3 }, { arbitrary, weight: 1 })

/** A run's draw at a size: turns up to `turns`, tool calls up to `toolCalls`; call lists and edge cases now and then (always some edges when `edges`). */
function runDraw(turns: fc.Arbitrary<number>, toolCalls: fc.Arbitrary<number>, edges: 'sometimes' | 'always'): fc.Arbitrary<RunDraw> {
  return fc.record({
    seed: fc.nat(),
    preludes: fc.nat(2),
    turns,
    quiet: fc.oneof({ arbitrary: fc.constant(0), weight: 3 }, { arbitrary: fc.nat(2), weight: 1 }),
    toolCalls,
    unpaired: sometimes(callNumbers),
    repeatedOutputs: sometimes(callNumbers),
    edges: edges === 'always' ? fc.subarray([...allDerivationEdges], { minLength: 1 }) : sometimes(fc.subarray([...allDerivationEdges], { minLength: 1 })),
    repeatEdged: fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, { arbitrary: fc.constant(false), weight: 1 }),
  })
}

/** The exchanges whose outputs the edges move (output-first: 3, array-order: 5), given a second output when `repeatEdged`. */
const movedExchanges = [3, 5]

/** The call number of exchange `k` (1-based): each turn makes its exchange, then its tool calls (docs/fixtures.md, "Generated runs"). */
function exchangeCall(k: number, turns: number, toolCalls: number): number {
  return k + Math.floor(((k - 1) * toolCalls) / turns)
}

/** The generator's parameters of a drawn run, leaving out the lists that are empty. */
function paramsOf(draw: RunDraw): AnalysisRunParams {
  const { seed, preludes, turns, quiet, toolCalls, unpaired, edges } = draw
  const exchanges = Math.max(0, turns - quiet)
  const moved = draw.repeatEdged && edges.length > 0 ? movedExchanges.filter((k) => k <= exchanges).map((k) => exchangeCall(k, turns, toolCalls)) : []
  const repeatedOutputs = [...new Set([...draw.repeatedOutputs, ...moved])]
  return {
    seed,
    preludes,
    turns,
    exchanges,
    toolCalls,
    ...(unpaired.length > 0 ? { unpaired } : {}),
    ...(repeatedOutputs.length > 0 ? { repeatedOutputs } : {}),
    ...(edges.length > 0 ? { edges } : {}),
  }
}

/** The smallest large run (20 turns, 174 KB of records), which shrinking a large run tries first: a fault of size alone shrinks to it in one step. */
const smallestLarge: RunDraw = { seed: 0, preludes: 0, turns: 20, quiet: 0, toolCalls: 0, unpaired: [], repeatedOutputs: [], edges: [], repeatEdged: false }

/** A larger run: 20 to 32 turns and up to 40 tool calls, shrinking to the smallest large run first. */
const largeRunDraw = fc
  .oneof({ withCrossShrink: true }, { arbitrary: fc.constant(smallestLarge), weight: 1 }, { arbitrary: runDraw(fc.integer({ min: 20, max: 32 }), fc.nat(40), 'sometimes'), weight: 8 })
  .map(generated)

/**
 * A run of many small items: 1 to 4 turns and 100 to 240 tool calls, so capability-calls holds more items than a page
 * without limit (100) may: a run where the limit's default, and limits near 100, decide the pages.
 */
export const manyCallsRunDraw: fc.Arbitrary<AnalysisRunFixture> = runDraw(fc.integer({ min: 1, max: 4 }), fc.integer({ min: 100, max: 240 }), 'sometimes').map(generated)

/**
 * A run of more than 10,000 items (10,010 to 10,100 tool calls in one or two turns: a pager.setup of about 10 MB, a
 * second or so to generate and walk at large limits): cursors past item 9,999, where a cursor of four digits, or
 * anything sized for "a few thousand at most", breaks.
 */
export const hugeRunDraw: fc.Arbitrary<AnalysisRunFixture> = runDraw(fc.integer({ min: 1, max: 2 }), fc.integer({ min: 10_010, max: 10_100 }), 'sometimes').map(generated)

/**
 * An analysis run as a scenario gives it, mostly small and generated: up to 8 turns and 8 tool calls, or up to 60 tool
 * calls (small items: many pages, many page boundaries), with
 * unpaired inputs, repeated outputs and derivation edge cases now and then; 7 to 10 turns with some edge cases (which
 * name exchanges up to the seventh); now and then a larger run (20 to 32 turns: a pager.setup line of 170 to 430 KB),
 * or one of many small tool calls (more than 100 items); or one of the small named fixtures (six-turns, derivation-edges).
 */
export const analysisRunFixtureDraw: fc.Arbitrary<AnalysisRunFixture> = fc.oneof(
  { arbitrary: runDraw(fc.nat(8), fc.oneof({ arbitrary: fc.nat(8), weight: 2 }, { arbitrary: fc.integer({ min: 9, max: 60 }), weight: 1 }), 'sometimes').map(generated), weight: 12 },
  { arbitrary: runDraw(fc.integer({ min: 7, max: 10 }), fc.nat(6), 'always').map(generated), weight: 4 },
  { arbitrary: largeRunDraw, weight: 1 },
  { arbitrary: manyCallsRunDraw, weight: 1 },
  { arbitrary: fc.constantFrom(...analysisRunNames.filter((name) => name !== 'analysis-run/forty-exchanges')), weight: 1 },
)

/** A run another setup gave first, which the scenario's run replaces: small, generated or six-turns. */
export const previousRunDraw: fc.Arbitrary<AnalysisRunFixture> = fc.oneof(
  { arbitrary: runDraw(fc.nat(6), fc.nat(6), 'sometimes').map(generated), weight: 4 },
  { arbitrary: fc.constant('analysis-run/six-turns'), weight: 1 },
)

function generated(draw: RunDraw): AnalysisRunFixture {
  return { 'analysis-run': paramsOf(draw) }
}
