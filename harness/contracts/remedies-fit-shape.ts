import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { cutAnswer } from '#harness/contracts/tool-output/cut-answer.ts'
import { overItsCap } from '#harness/contracts/tool-output/scenario-output-size.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { longestHead } from '#harness/contracts/tool-output/longest-head.ts'
import { readHeadShape } from '#harness/contracts/tool-output/read-head-shape.ts'
import { remedyOffShape } from '#harness/contracts/tool-output/remedy-off-shape.ts'

/**
 * size/remedies-fit-shape: the remedies a cut snapshot's banner offers are the ones its head's shape calls for —
 * `--depth` exactly when the head is deeply nested, `--compact` and `--interactive` for every snapshot head — each in
 * its documented wire shape.
 */
export const remediesFitShape = defineContract<ToolOutputHistory>({
  id: 'size/remedies-fit-shape',
  statement:
    'The remedies offered for a cut snapshot fit its head: --depth exactly when the head is deeply nested (deepest level 5 or more, no sibling group half its item lines), --compact and --interactive always, each { option, value? } as documented.',
  from: ['PLAT-200'],
  port: 'tool-output',
  // an output over its cap gets a banner, whose remedies the head's shape decides
  exercisedBy: (scenario) => overItsCap(scenario.given),
  check(history) {
    const run = toolOutputRun(history)
    const { output, result } = cutAnswer(run, 'no banner, no remedy to offer', 'no remedies to read')
    const { unit, max } = run.cap
    const remedies = result.remedies as unknown[]
    if (!Array.isArray(remedies)) return broken('the answer\'s remedies are not a list', { remedies })
    for (const [index, remedy] of remedies.entries()) {
      const why = remedyOffShape(remedy)
      if (why) return broken(`remedy ${index + 1} is not of a documented shape ({ option: 'depth', value: N }, { option: 'compact' } or { option: 'interactive' }): ${why}`, { remedy, index })
    }
    // the shape of the head the cut must give (the longest whole-character head), whatever head the tool showed
    const shape = readHeadShape(longestHead(output.text, unit, max))
    const options = remedies.map((r) => (r as { option: string }).option)
    const offered = remedies.map((r) => flag(r as { option: string; value?: number }))
    const seen = `deepest level ${shape.deepest}, its widest sibling group ${shape.widest} of ${shape.lines} item lines`
    const witness = { deepest: shape.deepest, widest: shape.widest, lines: shape.lines, deep: shape.deep, offered }
    if (shape.lines === 0) {
      if (remedies.length > 0) return broken(`the head holds no item line (not a snapshot), yet ${offered.join(', ')} offered`, witness)
      return held(`the head due at the cap of ${capAmount(max, unit)} holds no item line (not a snapshot): no remedy offered, as due`, { lines: 0, offered: [] })
    }
    if (shape.deep && !options.includes('depth')) return broken(`the head is deeply nested (${seen}), yet --depth is not offered`, witness)
    if (!shape.deep && options.includes('depth')) return broken(`the head is wide or shallow (${seen}), yet ${offered.find((f) => f.startsWith('--depth'))} is offered: depth limits nesting only`, witness)
    const missing = ['compact', 'interactive'].filter((o) => !options.includes(o))
    if (missing.length > 0) return broken(`--${missing.join(' and --')} not offered for a snapshot head (${seen})`, witness)
    const depth = shape.deep ? `${offered.find((f) => f.startsWith('--depth'))}, ` : ''
    return held(
      `the head is ${shape.deep ? 'deeply nested' : 'wide or shallow'} (${seen}): ${depth}--compact and --interactive offered${shape.deep ? '' : ', --depth rightly not'}`,
      witness,
    )
  },
})

function flag(remedy: { option: string; value?: number }): string {
  return remedy.option === 'depth' ? `--depth ${remedy.value}` : `--${remedy.option}`
}

/** Checks size/remedies-fit-shape (returns the result). */
export const checkRemediesFitShape = remediesFitShape.check
/** Asserts size/remedies-fit-shape (throws unless held). */
export const assertRemediesFitShape = remediesFitShape.assert
