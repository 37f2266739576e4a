import type { ToolOutputHistory } from '#harness/history/history.ts'
import { broken, defineContract, held } from '#harness/contracts/contract.ts'
import { toolOutputRun } from '#harness/contracts/tool-output/tool-output-run.ts'

/** The most lines one recovery read may ask for. */
const chunkLines = 240

/**
 * recovery/spill-roundtrip: with a granted tool_output_folder, an output over the cap is spilled whole, and following the
 * banner's recovery command chunk by chunk (at most 240 lines each, read by the kit, never run) gives it back byte for byte.
 */
export const spillRoundtrip = defineContract<ToolOutputHistory>({
  id: 'recovery/spill-roundtrip',
  statement: `With a granted tool_output_folder, an output over the cap is spilled whole, and its recovery command (sed -n 'A,Bp' <path>, at most ${chunkLines} lines a chunk, read by the kit) reassembles it byte for byte.`,
  from: ['PLAT-200'],
  port: 'tool-output',
  check(history) {
    const run = toolOutputRun(history)
    if (run.spill !== 'granted' || run.outputSize <= run.cap.max || !run.result) return held
    if (run.result.recovery === null) return broken('the output was cut and the banner gives no recovery command: the rest is lost', { spillPath: run.result.spillPath, banner: run.result.banner.slice(0, 200) })
    if (!run.recovery) return broken('the recovery command was not read back', { recovery: run.result.recovery })
    if (!run.recovery.ok) return broken(`the recovery command was refused: ${run.recovery.finding.reason}`, { quoted: run.recovery.finding.quoted, reason: run.recovery.finding.reason })
    if (!run.recovery.matches) return broken(`reading the recovery command back gives ${run.recovery.bytes} bytes that are not the whole output`, { bytes: run.recovery.bytes, chunks: run.recovery.chunks.length })
    return held
  },
})

/** Checks recovery/spill-roundtrip (returns the result). */
export const checkSpillRoundtrip = spillRoundtrip.check
/** Asserts recovery/spill-roundtrip (throws unless held). */
export const assertSpillRoundtrip = spillRoundtrip.assert
