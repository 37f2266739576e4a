import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { measure } from '#harness/measures/measure.ts'

/** size/inline-within-cap: the inline text is within the cap, in the cap's unit, and is the output's head cut on a character boundary. */
export const inlineWithinCap = defineContract<ToolOutputHistory>({
  id: 'size/inline-within-cap',
  statement: "The inline text fits the cap in the cap's unit (runes, UTF-8 bytes or UTF-16 units) and is a head of the whole output that never splits a character.",
  from: ['PLAT-200'],
  port: 'tool-output',
  // every tool-output scenario hands the tool an output and a cap: its answer's inline text is always there to measure
  exercisedBy: () => true,
  check(history) {
    const run = toolOutputRun(history)
    const output = need(run.output, 'the kit recorded no output: nothing was handed to the tool to cut')
    if (run.answer.kind === 'error') return unknown(`the tool answered with an error, not a result (${run.answer.error}): no inline text to measure`)
    if (run.answer.kind === 'none') return unknown('the tool gave no answer to tool-output.run: no inline text to measure')
    const { inline } = run.answer.result
    const { unit, max } = run.cap
    const size = measure(unit, inline)
    if (size > max) return broken(`the inline text measures ${size} ${unit}, over the cap of ${max}`, { unit, size, max })
    const last = inline.charCodeAt(inline.length - 1)
    const splitsPair = last >= 0xd800 && last <= 0xdbff
    if (!output.text.startsWith(inline) || splitsPair) {
      const whole = [...output.text]
      const at = [...inline].findIndex((c, i) => c !== whole[i])
      return broken(`the inline text is not a head of the output cut on a character boundary${splitsPair ? ' (it ends inside a surrogate pair)' : ''}`, { unit, size, firstDifferentRune: at })
    }
    const figures = { unit, inline: size, max, output: output.size }
    if (output.size <= max) {
      if (inline !== output.text) return broken(`the output fits the cap (${output.size} ${unit}) but was cut to ${size}`, { size, outputSize: output.size, max })
      return held(`the output's ${capAmount(output.size, unit)} fit the cap of ${max.toLocaleString('en-US')}: returned whole inline`, figures)
    }
    if (inline === '') return unknown(`the inline text is empty: the tool cut nothing to measure (the cap allows ${capAmount(max, unit)} of the output's ${capAmount(output.size, unit)})`)
    return held(`inline ${capAmount(size, unit)} within the cap of ${max.toLocaleString('en-US')}: a head of the output's ${capAmount(output.size, unit)}, cut on a character boundary`, figures)
  },
})

/** Checks size/inline-within-cap (returns the result). */
export const checkInlineWithinCap = inlineWithinCap.check
/** Asserts size/inline-within-cap (throws unless held). */
export const assertInlineWithinCap = inlineWithinCap.assert
