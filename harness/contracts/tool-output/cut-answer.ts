import { need, pre } from '#harness/contracts/contract.ts'
import type { ToolOutputResult } from '#harness/ports/tool-output-port.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import type { ToolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { quoted } from '#harness/contracts/text-difference.ts'

/** The output the kit handed the tool, as a run records it: its text and its size in the cap's unit. */
type Output = NonNullable<ToolOutputRun['output']>

/**
 * Inside a tool-output check of what a cut output's answer says (its banner, marker, remedies): the output and the
 * tool's result. Not-applicable when the output fits its cap (`dueOnCut` says what is then not due); unknown when the
 * kit recorded no output, or the tool answered with an error or not at all (`toRead` says what there was to read).
 */
export function cutAnswer(run: ToolOutputRun, dueOnCut: string, toRead: string): { output: Output; result: ToolOutputResult } {
  const output = need(run.output, 'the kit recorded no output: nothing was handed to the tool')
  const { unit, max } = run.cap
  pre(output.size > max, `the output's ${capAmount(output.size, unit)} fit the cap of ${max.toLocaleString('en-US')}: nothing is cut, ${dueOnCut}`)
  const answer = run.answer
  const why = answer.kind === 'error' ? `the tool answered with an error, not a result (${quoted(answer.error, 100)})` : 'the tool gave no answer to tool-output.run'
  return { output, result: need(answer.kind === 'result' ? answer.result : undefined, `${why}: ${toRead}`) }
}
