import { basename, isAbsolute } from 'node:path'
import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, pre, unknown } from '#harness/contracts/contract.ts'
import type { ContractResult } from '#harness/contracts/contract.ts'
import type { ToolOutputResult } from '#harness/ports/tool-output-port.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import type { RecoveryRead, ToolOutputAnswer } from '#harness/contracts/tool-output/tool-output-run.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { overItsCap } from '#harness/contracts/tool-output/scenario-output-size.ts'
import { parseRecoveryCommand } from '#harness/recovery/parse-recovery-command.ts'
import { differenceClause, quoted, textDifference } from '#harness/contracts/text-difference.ts'

/** What one run's spill, read back, showed: the figures of a held read-back. */
interface ReadBackFigures {
  result: ToolOutputResult
  lines: number
  chunks: number
  widest: number
}

/**
 * Judges one run's spill: its answer gave a recovery command, the kit's read-back of it (after the last run) is the
 * run's output byte for byte, its path is absolute and the banner gives it. `label` names the run where there are more.
 */
function readBack(label: string, output: { text: string; size: number; bytes: number }, answer: ToolOutputAnswer, recovery: RecoveryRead | undefined, runs: number): ContractResult | ReadBackFigures {
  if (answer.kind === 'none') return unknown(`${label}the tool gave no answer to tool-output.run: no spill or recovery command to read back`)
  if (answer.kind === 'error') return broken(`${label}the tool answered with an error (${quoted(answer.error, 100)}): the output over the cap was neither returned nor spilled`, { error: answer.error, outputSize: output.size })
  const result = answer.result
  if (result.recovery === null) return broken(`${label}the output was cut and the banner gives no recovery command: the rest is lost`, { spillPath: result.spillPath, banner: result.banner.slice(0, 200) })
  const read = need(recovery, `${label}the kit did not read the recovery command back (${result.recovery})`)
  if (!read.ok) return broken(`${label}the recovery command was refused: ${read.finding.reason}`, { quoted: read.finding.quoted, reason: read.finding.reason })
  if (!read.matches) {
    // where the History kept what was read back, the first different byte, line and column, both sides shown
    const d = read.text === undefined ? undefined : textDifference(output.text, read.text)
    const where = d ? ` where the output's ${output.bytes} are due, ${differenceClause(d, 'what was read back')}` : ' that are not the whole output'
    const reading = runs === 1 ? 'reading the recovery command back' : `its recovery command, read back after run ${runs},`
    return broken(`${label}${reading} gives ${read.bytes} bytes${where}`, { bytes: read.bytes, chunks: read.chunks.length, ...(d ? { expectedBytes: output.bytes, ...d } : {}) })
  }
  // the agent's shell does not run in the granted folder: a relative path reads nothing there
  const parsed = parseRecoveryCommand(result.recovery)
  if (parsed.ok && !isAbsolute(parsed.command.path)) return broken(`${label}the recovery command's path ${quoted(parsed.command.path)} is relative: the agent's shell does not run in the granted folder`, { recovery: result.recovery, path: parsed.command.path })
  // the agent reads the banner, not the answer's fields: the command must be there, as given
  if (!result.banner.includes(result.recovery)) return broken(`${label}the banner does not give the recovery command: the agent is not told how to read the rest back`, { recovery: result.recovery, banner: result.banner.slice(0, 300) })
  const lines = read.chunks.length === 0 ? 0 : read.chunks[read.chunks.length - 1].to
  return { result, lines, chunks: read.chunks.length, widest: Math.max(0, ...read.chunks.map((c) => c.to - c.from + 1)) }
}

/** The most lines one recovery read may ask for. */
const chunkLines = 240

/**
 * recovery/spill-roundtrip: with a granted tool_output_folder, an output over the cap is spilled whole, and following the
 * banner's recovery command chunk by chunk (at most 240 lines each, read by the kit, never run) gives it back byte for byte —
 * each run's, read after the last, where the tool runs more than once in the same folder.
 */
export const spillRoundtrip = defineContract<ToolOutputHistory>({
  id: 'recovery/spill-roundtrip',
  statement: `With a granted tool_output_folder, an output over the cap is spilled whole, and the recovery command its banner gives (sed -n 'A,Bp' <path>, at most ${chunkLines} lines a chunk, read by the kit) reassembles it byte for byte; where the tool runs again in the same folder, each run's command, read after the last run, gives that run's output.`,
  from: ['PLAT-200'],
  port: 'tool-output',
  exercisedBy: (scenario) => (scenario.given.spill === 'granted' ? overItsCap(scenario.given) : `the spill policy is ${scenario.given.spill}: no folder is granted, so nothing is spilled to read back`),
  check(history) {
    const run = toolOutputRun(history)
    pre(run.spill === 'granted', `the spill policy is ${run.spill}: no folder is granted, so nothing is spilled to read back`)
    const output = need(run.output, 'the kit recorded no output: nothing was handed to the tool to spill')
    const { unit, max } = run.cap
    pre(output.size > max, `the output's ${capAmount(output.size, unit)} fit the cap of ${max.toLocaleString('en-US')}: nothing to spill`)
    const runs = 1 + run.later.length
    // with later runs, each recovery command was read back after the last one: a spill a later run replaced shows
    const first = readBack(runs === 1 ? '' : `run 1 of ${runs}: `, output, run.answer, run.recovery, runs)
    if ('verdict' in first) return first
    for (const later of run.later) {
      const judged = readBack(`run ${later.run} of ${runs}: `, need(later.output, `the kit recorded no output for run ${later.run}`), later.answer, later.recovery, runs)
      if ('verdict' in judged) return judged
    }
    const { lines, chunks, widest, result } = first
    const n = (x: number) => x.toLocaleString('en-US')
    const each = runs === 1 ? '' : `; each of the ${runs} runs in the same folder spilled to its own file, read back whole after the last run`
    return held(`spilled the whole output (${n(output.bytes)} bytes, ${n(lines)} lines); the banner's recovery command read it back byte for byte in ${n(chunks)} chunk${chunks === 1 ? '' : 's'} of at most ${n(widest)} lines${each}`, {
      unit,
      outputSize: output.size,
      bytes: output.bytes,
      lines,
      chunks,
      widestChunk: widest,
      spillFile: result.spillPath === null ? null : basename(result.spillPath),
      ...(runs === 1 ? {} : { runs }),
    })
  },
})

/** Checks recovery/spill-roundtrip (returns the result). */
export const checkSpillRoundtrip = spillRoundtrip.check
/** Asserts recovery/spill-roundtrip (throws unless held). */
export const assertSpillRoundtrip = spillRoundtrip.assert
