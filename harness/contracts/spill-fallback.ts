import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, pre, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { overItsCap } from '#harness/contracts/tool-output/scenario-output-size.ts'
import { measure } from '#harness/measures/measure.ts'
import { quoted } from '#harness/contracts/text-difference.ts'
import { bannerSaveClaim } from '#harness/contracts/tool-output/banner-save-claim.ts'

/** The words a banner gives where nothing was kept (docs/tool-output-port.md, rule tool-output.banner-says-not-kept). */
const notKept = 'The rest of the output was not kept'

/**
 * recovery/spill-fallback: with no spiller, a failing spiller or no grant, an output over the cap falls back to plain
 * truncation — the call succeeds, no spill path, no recovery command, a banner that says the rest was not kept — and
 * no error reaches the caller.
 */
export const spillFallback = defineContract<ToolOutputHistory>({
  id: 'recovery/spill-fallback',
  statement: 'With no spiller, a failing spiller or no tool_output_folder grant, the tool falls back to plain truncation: the call succeeds, offers no spill or recovery command, its banner says the rest was not kept, and no error reaches the caller.',
  from: ['PLAT-200'],
  port: 'tool-output',
  exercisedBy: (scenario) => (scenario.given.spill !== 'granted' ? overItsCap(scenario.given) : 'the spill policy is granted: a folder is granted, so there is no fallback to judge'),
  check(history) {
    const run = toolOutputRun(history)
    pre(run.spill !== 'granted', 'the spill policy is granted: a folder is granted, so there is no fallback to judge')
    const output = need(run.output, 'the kit recorded no output: nothing was handed to the tool')
    const { unit, max } = run.cap
    pre(output.size > max, `the output's ${capAmount(output.size, unit)} fit the cap of ${max.toLocaleString('en-US')}: nothing to spill, no fallback to judge`)
    if (run.answer.kind === 'error') return broken(`with spill policy ${run.spill}, an error reached the caller: ${quoted(run.answer.error, 100)}`, { spill: run.spill, error: run.answer.error })
    if (run.answer.kind === 'none') return unknown(`the tool gave no answer to tool-output.run: whether the call succeeded with spill policy ${run.spill} was not seen`)
    const result = run.answer.result
    if (result.spillPath !== null || result.recovery !== null) {
      return broken(`with spill policy ${run.spill}, the tool still names a spill (${quoted(result.spillPath ?? result.recovery ?? '', Infinity)})`, { spill: run.spill, spillPath: result.spillPath, recovery: result.recovery })
    }
    // the agent reads the banner: where nothing was kept it must be told so, never that the output was saved
    if (!result.banner.includes(notKept)) {
      const last = result.banner.trimEnd().split('\n').at(-1) ?? ''
      return broken(`with spill policy ${run.spill} nothing was kept, yet the banner does not say "${notKept}"; its last line: ${quoted(last, 200)}`, { spill: run.spill, banner: result.banner.slice(0, 300) })
    }
    // "not kept" and a save claim beside it (a path, "saved to …"): the agent would look for a file that does not exist
    const claim = bannerSaveClaim(result.banner)
    if (claim !== undefined) {
      return broken(`with spill policy ${run.spill} nothing was kept, and the banner says "${notKept}", yet it also claims a save: ${quoted(claim, 80)}`, { spill: run.spill, claim, banner: result.banner.slice(0, 300) })
    }
    const inline = measure(unit, result.inline)
    return held(`spill policy ${run.spill}: the call succeeded with a plain head (${inline.toLocaleString('en-US')} of the output's ${capAmount(output.size, unit)}), no spill path, no recovery command, no error; the banner says the rest was not kept, and claims no save`, {
      spill: run.spill,
      unit,
      inline,
      outputSize: output.size,
      spillPath: null,
      recovery: null,
    })
  },
})

/** Checks recovery/spill-fallback (returns the result). */
export const checkSpillFallback = spillFallback.check
/** Asserts recovery/spill-fallback (throws unless held). */
export const assertSpillFallback = spillFallback.assert
