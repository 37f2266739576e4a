import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { longestHead } from '#harness/contracts/tool-output/longest-head.ts'
import { measure } from '#harness/measures/measure.ts'
import { differenceClause, textDifference, quoted } from '#harness/contracts/text-difference.ts'

const isHigh = (unit: number) => unit >= 0xd800 && unit <= 0xdbff
const isLow = (unit: number) => unit >= 0xdc00 && unit <= 0xdfff

/**
 * size/inline-within-cap: the inline text is the longest head of the output within the cap, in the cap's unit, that
 * never splits a character; an output within its cap is returned whole, with no banner, remedy or spill.
 */
export const inlineWithinCap = defineContract<ToolOutputHistory>({
  id: 'size/inline-within-cap',
  statement:
    "The inline text is the longest head of the whole output within the cap, in the cap's unit (runes, UTF-8 bytes or UTF-16 units), that never splits a character; an output within its cap is returned whole, with no banner, remedy or spill.",
  from: ['PLAT-200'],
  port: 'tool-output',
  // every tool-output scenario hands the tool an output and a cap: its answer's inline text is always there to measure
  exercisedBy: () => true,
  check(history) {
    const run = toolOutputRun(history)
    const output = need(run.output, 'the kit recorded no output: nothing was handed to the tool to cut')
    if (run.answer.kind === 'error') return unknown(`the tool answered with an error, not a result (${quoted(run.answer.error, 100)}): no inline text to measure`)
    if (run.answer.kind === 'none') return unknown('the tool gave no answer to tool-output.run: no inline text to measure')
    const result = run.answer.result
    const { inline } = result
    const { unit, max } = run.cap
    const size = measure(unit, inline)
    const n = (x: number) => x.toLocaleString('en-US')
    const splitsPair = inline.length > 0 && isHigh(inline.charCodeAt(inline.length - 1)) && isLow(output.text.charCodeAt(inline.length))
    if (!output.text.startsWith(inline) || splitsPair) {
      const whole = [...output.text]
      const at = [...inline].findIndex((c, i) => c !== whole[i])
      // where the inline text departs from the output (a head ending inside a pair departs at that character), both sides shown
      const d = textDifference(output.text, inline)!
      const why = splitsPair ? ` (it ends inside a surrogate pair, ${differenceClause(d, 'the inline text')})` : `: ${differenceClause(d, 'the inline text')}`
      return broken(`the inline text is not a head of the output cut on a character boundary${why}`, { unit, size, max, firstDifferentRune: at, ...d })
    }
    if (size > max) return broken(`the inline text measures ${n(size)} ${unit}, over the cap of ${n(max)}`, { unit, size, max })
    const figures = { unit, inline: size, max, output: output.size }
    if (output.size <= max) {
      if (inline !== output.text) return broken(`the output fits the cap (${capAmount(output.size, unit)} of ${n(max)}) but was cut to ${n(size)}`, { unit, size, outputSize: output.size, max })
      const extra = { banner: result.banner !== '', remedies: result.remedies.length, recovery: result.recovery, spillPath: result.spillPath }
      if (extra.banner || extra.remedies > 0 || extra.recovery !== null || extra.spillPath !== null) {
        return broken(`the output fits the cap (${capAmount(output.size, unit)} of ${n(max)}), yet the tool answered as if it was cut: ${describeExtra(extra)}`, { unit, outputSize: output.size, max, ...extra, bannerStart: result.banner.slice(0, 120) })
      }
      return held(`the output's ${capAmount(output.size, unit)} fit the cap of ${n(max)}: returned whole inline, no banner, remedy or spill`, figures)
    }
    const longest = measure(unit, longestHead(output.text, unit, max))
    if (inline === '' && longest > 0) {
      return broken(`the inline head is empty, though the cap of ${n(max)} holds the first ${capAmount(longest, unit)} of the output whole`, { unit, size, longest, max })
    }
    if (size < longest) {
      return broken(`the inline head is ${capAmount(longest - size, unit).replace(/^1 (.*)s$/, '1 $1')} short: ${n(size)}, where the longest head within the cap of ${n(max)} that splits no character is ${n(longest)}`, { unit, size, longest, max })
    }
    if (inline === '') return held(`the cap of ${n(max)} holds not even the output's first character: an empty head, as due`, figures)
    return held(`inline ${capAmount(size, unit)} within the cap of ${n(max)}: the longest head of the output's ${capAmount(output.size, unit)} that splits no character`, figures)
  },
})

function describeExtra(extra: { banner: boolean; remedies: number; recovery: string | null; spillPath: string | null }): string {
  const parts = [extra.banner ? 'a banner' : '', extra.remedies > 0 ? `${extra.remedies} remed${extra.remedies === 1 ? 'y' : 'ies'}` : '', extra.recovery !== null ? 'a recovery command' : '', extra.spillPath !== null ? 'a spill' : '']
  return parts.filter(Boolean).join(', ')
}

/** Checks size/inline-within-cap (returns the result). */
export const checkInlineWithinCap = inlineWithinCap.check
/** Asserts size/inline-within-cap (throws unless held). */
export const assertInlineWithinCap = inlineWithinCap.assert
