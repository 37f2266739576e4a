import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { measure } from '#harness/measures/measure.ts'

/** size/inline-within-cap: the inline text is within the cap, in the cap's unit, and is the output's head cut on a character boundary. */
export const inlineWithinCap = defineContract<ToolOutputHistory>({
  id: 'size/inline-within-cap',
  statement: "The inline text fits the cap in the cap's unit (runes, UTF-8 bytes or UTF-16 units) and is a head of the whole output that never splits a character.",
  from: ['PLAT-200'],
  port: 'tool-output',
  check(history) {
    const run = toolOutputRun(history)
    if (!run.result) return held
    const inline = run.result.inline
    const size = measure(run.cap.unit, inline)
    if (size > run.cap.max) return broken(`the inline text measures ${size} ${run.cap.unit}, over the cap of ${run.cap.max}`, { unit: run.cap.unit, size, max: run.cap.max })
    const last = inline.charCodeAt(inline.length - 1)
    const splitsPair = last >= 0xd800 && last <= 0xdbff
    if (!run.output.startsWith(inline) || splitsPair) {
      const at = [...inline].findIndex((c, i) => c !== [...run.output][i])
      return broken(`the inline text is not a head of the output cut on a character boundary${splitsPair ? ' (it ends inside a surrogate pair)' : ''}`, { unit: run.cap.unit, size, firstDifferentRune: at })
    }
    if (run.outputSize <= run.cap.max && inline !== run.output) return broken(`the output fits the cap (${run.outputSize} ${run.cap.unit}) but was cut to ${size}`, { size, outputSize: run.outputSize, max: run.cap.max })
    return held
  },
})

/** Checks size/inline-within-cap (returns the result). */
export const checkInlineWithinCap = inlineWithinCap.check
/** Asserts size/inline-within-cap (throws unless held). */
export const assertInlineWithinCap = inlineWithinCap.assert
