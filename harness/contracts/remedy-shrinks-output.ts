import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'

/** size/remedy-shrinks-output: every remedy the banner offers gives a smaller output for this page when the kit runs it. */
export const remedyShrinksOutput = defineContract<ToolOutputHistory>({
  id: 'size/remedy-shrinks-output',
  statement: 'Every remedy the banner offers for this input makes the output smaller when run (depth on a wide flat page does not, so it must not be offered there).',
  from: ['PLAT-200'],
  port: 'tool-output',
  check(history) {
    const run = toolOutputRun(history)
    for (const { remedy, size } of run.remedies) {
      if (size < run.outputSize) continue
      const name = remedy.option === 'depth' ? `--depth ${remedy.value}` : `--${remedy.option}`
      return broken(`the banner offers ${name}, which gives ${size} ${run.cap.unit}, no smaller than the output's ${run.outputSize}`, { remedy, size, outputSize: run.outputSize, unit: run.cap.unit })
    }
    return held
  },
})

/** Checks size/remedy-shrinks-output (returns the result). */
export const checkRemedyShrinksOutput = remedyShrinksOutput.check
/** Asserts size/remedy-shrinks-output (throws unless held). */
export const assertRemedyShrinksOutput = remedyShrinksOutput.assert
