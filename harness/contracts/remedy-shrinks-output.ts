import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, notApplicable, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { cutAnswer } from '#harness/contracts/tool-output/cut-answer.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { overItsCap } from '#harness/contracts/tool-output/scenario-output-size.ts'
import type { CapUnit, Remedy } from '#harness/ports/tool-output-port.ts'
import { longestHead } from '#harness/contracts/tool-output/longest-head.ts'
import { readHeadShape } from '#harness/contracts/tool-output/read-head-shape.ts'
import { pageOutput } from '#harness/drivers/tool-output/resolve-cap.ts'
import { remedyOffShape } from '#harness/contracts/tool-output/remedy-off-shape.ts'

/** size/remedy-shrinks-output: every remedy the banner offers (of a documented shape: an off-shape one is never run) gives a smaller output for this page when the kit runs it. */
export const remedyShrinksOutput = defineContract<ToolOutputHistory>({
  id: 'size/remedy-shrinks-output',
  statement: 'Every remedy the banner offers for this input makes the output smaller when run (depth on a wide flat page does not, so it must not be offered there).',
  from: ['PLAT-200'],
  port: 'tool-output',
  // an output over its cap gets a banner, which must offer something to run, unless its head holds no item line
  // (a cap inside the first line): no remedy is due then (size/remedies-fit-shape); one within its cap gets none
  exercisedBy: (scenario) => {
    const over = overItsCap(scenario.given)
    if (over !== true) return over
    const { unit, max } = scenario.given.cap
    if (readHeadShape(longestHead(pageOutput(scenario.given.page, scenario.given.trailer), unit as CapUnit, max)).lines > 0) return true
    return `the head due at the cap of ${capAmount(max, unit as CapUnit)} holds no item line (not a snapshot): no remedy is due, so none to run`
  },
  check(history) {
    const run = toolOutputRun(history)
    const { output, result } = cutAnswer(run, 'no banner, no remedy to offer', 'no banner, no remedy to run')
    const { unit, max } = run.cap
    if (!Array.isArray(result.remedies)) return unknown('the answer\'s remedies are not a list: nothing to run (size/remedies-fit-shape judges them)')
    // an off-shape remedy (a depth of another JSON type, a misnamed key) is never run: size/remedies-fit-shape judges it
    const offShape = (result.remedies as unknown[]).filter((r) => remedyOffShape(r) !== undefined).length
    const offered = result.remedies.filter((r) => remedyOffShape(r) === undefined)
    const skipped = offShape === 0 ? '' : `; ${offShape} off-shape remed${offShape === 1 ? 'y' : 'ies'} not run (size/remedies-fit-shape judges ${offShape === 1 ? 'it' : 'them'})`
    if (offered.length === 0 && offShape > 0) return unknown(`no remedy offered is of a documented shape: nothing the kit may run${skipped}`)
    if (offered.length === 0) {
      // none is due where the head due (the longest whole-character head, whatever head the tool showed) holds no item
      // line, as exercisedBy says from the scenario; size/remedies-fit-shape judges that none is offered there
      const why = `the banner offers no remedy for the output's ${capAmount(output.size, unit)}: nothing to run and measure`
      const due = readHeadShape(longestHead(output.text, unit, max)).lines > 0
      return due ? unknown(why) : notApplicable(`${why}; none is due, the head due holding no item line`)
    }
    for (const remedy of offered) {
      const measured = run.remedies.find((r) => sameRemedy(r.remedy, remedy))
      if (!measured) return unknown(`the kit did not run the offered ${flag(remedy)}: its output was not measured`)
      if (measured.size < output.size) continue
      return broken(`the banner offers ${flag(remedy)}, which gives ${measured.size} ${unit}, no smaller than the output's ${output.size}`, { remedy, size: measured.size, outputSize: output.size, unit })
    }
    const sizes = offered.map((remedy) => ({ remedy: flag(remedy), size: run.remedies.find((r) => sameRemedy(r.remedy, remedy))!.size }))
    const n = (x: number) => x.toLocaleString('en-US')
    const each = sizes.map((s, i) => `${s.remedy} ${i === 0 ? 'gives ' : ''}${n(s.size)}`).join(', ')
    return held(`${offered.length} remed${offered.length === 1 ? 'y' : 'ies'} offered, each run by the kit and smaller than the output's ${capAmount(output.size, unit)}: ${each}${skipped}`, {
      unit,
      outputSize: output.size,
      remedies: sizes,
      ...(offShape > 0 ? { offShape } : {}),
    })
  },
})

function sameRemedy(a: Remedy, b: Remedy): boolean {
  return a.option === b.option && (a.option !== 'depth' || (b.option === 'depth' && a.value === b.value))
}

function flag(remedy: Remedy): string {
  return remedy.option === 'depth' ? `--depth ${remedy.value}` : `--${remedy.option}`
}

/** Checks size/remedy-shrinks-output (returns the result). */
export const checkRemedyShrinksOutput = remedyShrinksOutput.check
/** Asserts size/remedy-shrinks-output (throws unless held). */
export const assertRemedyShrinksOutput = remedyShrinksOutput.assert
