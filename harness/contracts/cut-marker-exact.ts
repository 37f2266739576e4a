import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { cutAnswer } from '#harness/contracts/tool-output/cut-answer.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { overItsCap } from '#harness/contracts/tool-output/scenario-output-size.ts'
import { measure } from '#harness/measures/measure.ts'
import { excerpt, visible } from '#harness/contracts/text-difference.ts'

/** The cut marker: `[output cut: showing the first S of T <unit>; T−S <unit> not shown]` (numbers bare or with thousands commas). */
const marker = /^\[output cut: showing the first ([\d,]+) of ([\d,]+) ([a-z0-9-]+); ([\d,]+) ([a-z0-9-]+) not shown\]/

/** The marker's form, part by part: its words, and where a number or a unit stands, the characters one may hold. */
const markerForm: ReadonlyArray<string | RegExp> = ['[output cut: showing the first ', /[\d,]/, ' of ', /[\d,]/, ' ', /[a-z0-9-]/, '; ', /[\d,]/, ' ', /[a-z0-9-]/, ' not shown]']

/** How many characters of a line follow the marker's form before it departs from it (the whole marker's length when it does not). */
function followsForm(line: string): number {
  let at = 0
  for (const part of markerForm) {
    if (typeof part === 'string') {
      for (const c of part) {
        if (line[at] !== c) return at
        at++
      }
      continue
    }
    const start = at
    while (at < line.length && part.test(line[at]!)) at++
    if (at === start) return at
  }
  return at
}

/**
 * size/cut-marker-exact: the banner of a cut output begins with the cut marker, which states exactly how much of the
 * output the head shows and how much it does not, in the cap's unit.
 */
export const cutMarkerExact = defineContract<ToolOutputHistory>({
  id: 'size/cut-marker-exact',
  statement: "The banner of a cut output begins with [output cut: showing the first S of T <unit>; T−S <unit> not shown], where S is the inline head's size and T the output's, in the cap's unit.",
  from: ['PLAT-200'],
  port: 'tool-output',
  // an output over its cap is cut, so its banner must state the cut; one within its cap has no banner
  exercisedBy: (scenario) => overItsCap(scenario.given),
  check(history) {
    const run = toolOutputRun(history)
    const { output, result } = cutAnswer(run, 'no marker is due', 'no banner to read')
    const { unit, max } = run.cap
    const n = (x: number) => x.toLocaleString('en-US')
    const { banner, inline } = result
    // the banner MUST begin with the marker: its very first characters, nothing before them (not a BOM, nor a space)
    const first = banner.split('\n')[0] ?? ''
    const found = marker.exec(first)
    const shown = measure(unit, inline)
    if (!found) {
      // where the banner's first line leaves the marker's form — its byte, column and the text there, escaped — and the marker due
      const at = followsForm(first)
      const due = `[output cut: showing the first ${n(shown)} of ${n(output.size)} ${unit}; ${n(output.size - shown)} ${unit} not shown]`
      const byte = Buffer.byteLength(first.slice(0, at), 'utf8')
      const there = at >= first.length ? 'its end' : `"${excerpt(first, at)}"`
      return broken(
        `the banner of the cut output does not begin with [output cut: showing the first S of T <unit>; T−S <unit> not shown]: its first line leaves that form at byte ${byte} (column ${at + 1}), at ${there}; the marker due is "${due}"`,
        { bannerStart: visible(first.slice(0, 200)), byte, column: at + 1, due },
      )
    }
    const number = (text: string) => Number(text.replaceAll(',', ''))
    const said = { shown: number(found[1]!), total: number(found[2]!), missing: number(found[4]!), units: [found[3], found[5]] }
    const due = { shown, total: output.size, missing: output.size - shown }
    const wrong = [
      said.units.some((u) => u !== unit) ? `the unit is ${said.units.join(' and ')}, not ${unit}` : '',
      said.shown !== due.shown ? `${n(said.shown)} shown, where the head measures ${n(due.shown)}` : '',
      said.total !== due.total ? `a total of ${n(said.total)}, where the output measures ${n(due.total)}` : '',
      said.missing !== due.missing ? `${n(said.missing)} not shown, where ${n(due.missing)} are missing` : '',
    ].filter(Boolean)
    if (wrong.length > 0) return broken(`the cut marker is not exact: ${wrong.join('; ')}`, { marker: found[0], unit, said: { shown: said.shown, total: said.total, missing: said.missing }, due })
    return held(`the banner states the cut exactly: ${found[0]} — the head measures ${capAmount(due.shown, unit)} of the output's ${n(due.total)}`, { unit, ...due, marker: found[0] })
  },
})

/** Checks size/cut-marker-exact (returns the result). */
export const checkCutMarkerExact = cutMarkerExact.check
/** Asserts size/cut-marker-exact (throws unless held). */
export const assertCutMarkerExact = cutMarkerExact.assert
