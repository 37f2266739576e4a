import { basename, isAbsolute } from 'node:path'
import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held, need, pre, unknown } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'
import { capAmount } from '#harness/contracts/tool-output/cap-amount.ts'
import { overItsCap } from '#harness/contracts/tool-output/scenario-output-size.ts'
import { parseRecoveryCommand } from '#harness/recovery/parse-recovery-command.ts'
import { differenceClause, quoted, textDifference } from '#harness/contracts/text-difference.ts'

/** The most lines one recovery read may ask for. */
const chunkLines = 240

/**
 * recovery/spill-roundtrip: with a granted tool_output_folder, an output over the cap is spilled whole, and following the
 * banner's recovery command chunk by chunk (at most 240 lines each, read by the kit, never run) gives it back byte for byte.
 */
export const spillRoundtrip = defineContract<ToolOutputHistory>({
  id: 'recovery/spill-roundtrip',
  statement: `With a granted tool_output_folder, an output over the cap is spilled whole, and the recovery command its banner gives (sed -n 'A,Bp' <path>, at most ${chunkLines} lines a chunk, read by the kit) reassembles it byte for byte.`,
  from: ['PLAT-200'],
  port: 'tool-output',
  exercisedBy: (scenario) => (scenario.given.spill === 'granted' ? overItsCap(scenario.given) : `the spill policy is ${scenario.given.spill}: no folder is granted, so nothing is spilled to read back`),
  check(history) {
    const run = toolOutputRun(history)
    pre(run.spill === 'granted', `the spill policy is ${run.spill}: no folder is granted, so nothing is spilled to read back`)
    const output = need(run.output, 'the kit recorded no output: nothing was handed to the tool to spill')
    const { unit, max } = run.cap
    pre(output.size > max, `the output's ${capAmount(output.size, unit)} fit the cap of ${max.toLocaleString('en-US')}: nothing to spill`)
    if (run.answer.kind === 'none') return unknown('the tool gave no answer to tool-output.run: no spill or recovery command to read back')
    if (run.answer.kind === 'error') {
      return broken(`the tool answered with an error (${quoted(run.answer.error, 100)}): the output over the cap was neither returned nor spilled`, { error: run.answer.error, outputSize: output.size, max, unit })
    }
    const result = run.answer.result
    if (result.recovery === null) return broken('the output was cut and the banner gives no recovery command: the rest is lost', { spillPath: result.spillPath, banner: result.banner.slice(0, 200) })
    const recovery = need(run.recovery, `the kit did not read the recovery command back (${result.recovery})`)
    if (!recovery.ok) return broken(`the recovery command was refused: ${recovery.finding.reason}`, { quoted: recovery.finding.quoted, reason: recovery.finding.reason })
    if (!recovery.matches) {
      // where the History kept what was read back, the first different byte, line and column, both sides shown
      const d = recovery.text === undefined ? undefined : textDifference(output.text, recovery.text)
      const where = d ? ` where the output's ${output.bytes} are due, ${differenceClause(d, 'what was read back')}` : ' that are not the whole output'
      return broken(`reading the recovery command back gives ${recovery.bytes} bytes${where}`, { bytes: recovery.bytes, chunks: recovery.chunks.length, ...(d ? { expectedBytes: output.bytes, ...d } : {}) })
    }
    // the agent's shell does not run in the granted folder: a relative path reads nothing there
    const parsed = parseRecoveryCommand(result.recovery)
    if (parsed.ok && !isAbsolute(parsed.command.path)) return broken(`the recovery command's path ${quoted(parsed.command.path)} is relative: the agent's shell does not run in the granted folder`, { recovery: result.recovery, path: parsed.command.path })
    // the agent reads the banner, not the answer's fields: the command must be there, as given
    if (!result.banner.includes(result.recovery)) return broken('the banner does not give the recovery command: the agent is not told how to read the rest back', { recovery: result.recovery, banner: result.banner.slice(0, 300) })
    const lines = recovery.chunks.length === 0 ? 0 : recovery.chunks[recovery.chunks.length - 1].to
    const widest = Math.max(0, ...recovery.chunks.map((c) => c.to - c.from + 1))
    const n = (x: number) => x.toLocaleString('en-US')
    const chunks = recovery.chunks.length
    return held(`spilled the whole output (${n(output.bytes)} bytes, ${n(lines)} lines); the banner's recovery command read it back byte for byte in ${n(chunks)} chunk${chunks === 1 ? '' : 's'} of at most ${n(widest)} lines`, {
      unit,
      outputSize: output.size,
      bytes: recovery.bytes,
      lines,
      chunks,
      widestChunk: widest,
      spillFile: result.spillPath === null ? null : basename(result.spillPath),
    })
  },
})

/** Checks recovery/spill-roundtrip (returns the result). */
export const checkSpillRoundtrip = spillRoundtrip.check
/** Asserts recovery/spill-roundtrip (throws unless held). */
export const assertSpillRoundtrip = spillRoundtrip.assert
